import Foundation

/// A stored answer and when it was stored.
public struct CachedResponse: Equatable, Sendable {
    public let body: Data
    public let storedAt: Date

    public init(body: Data, storedAt: Date) {
        self.body = body
        self.storedAt = storedAt
    }
}

/// Keeps answers by key. Implementations never throw: a cache that cannot read or write
/// behaves as an empty cache.
public protocol ResponseCacheStore: Sendable {
    /// - Parameter key: The request's key.
    /// - Returns: The stored answer, or `nil` when there is none or it cannot be read.
    func response(for key: String) -> CachedResponse?
    /// Stores an answer, replacing any under the same key.
    func store(_ response: CachedResponse, for key: String)
    /// Forgets the answer under `key`.
    func removeResponse(for key: String)
}
