import Foundation
import Networking

/// A response cache in memory, recording what was stored.
public final class InMemoryResponseCacheStore: ResponseCacheStore, Sendable {
    private let entries = Locked<[String: CachedResponse]>([:])

    public init(_ entries: [String: CachedResponse] = [:]) {
        self.entries.withLock { $0 = entries }
    }

    /// Every entry by key.
    public var stored: [String: CachedResponse] { entries.value }

    public func response(for key: String) -> CachedResponse? { entries.value[key] }

    public func store(_ response: CachedResponse, for key: String) {
        entries.withLock { $0[key] = response }
    }

    public func removeResponse(for key: String) {
        entries.withLock { $0[key] = nil }
    }
}
