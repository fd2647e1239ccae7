import Foundation

/// The pictures kept in memory, the least recently used dropped first: at most `maximumCount`
/// of them and `maximumBytes` in all.
public struct ArtworkCache: Sendable {
    public let maximumCount: Int
    public let maximumBytes: Int
    /// Most recently used last.
    private var entries: [(request: ArtworkLoader.Request, picture: ArtworkPicture)] = []
    private var bytes = 0

    public init(maximumCount: Int = 8, maximumBytes: Int = 8 * 1024 * 1024) {
        self.maximumCount = max(1, maximumCount)
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The pictures held, least recently used first.
    public var count: Int { entries.count }
    /// Their bytes, in all.
    public var totalBytes: Int { bytes }

    /// The picture for `request`, now the most recently used; `nil` when not held.
    public mutating func picture(for request: ArtworkLoader.Request) -> ArtworkPicture? {
        guard let index = entries.lastIndex(where: { $0.request == request }) else { return nil }
        if index != entries.count - 1 { entries.append(entries.remove(at: index)) }
        return entries[entries.count - 1].picture
    }

    /// The picture for `request` when held, leaving the order of use alone (for drawing).
    public func held(_ request: ArtworkLoader.Request) -> ArtworkPicture? {
        entries.last(where: { $0.request == request })?.picture
    }

    /// Keeps `picture`, dropping the least recently used until the bounds hold; a picture larger
    /// than `maximumBytes` by itself is not kept.
    public mutating func insert(_ picture: ArtworkPicture, for request: ArtworkLoader.Request) {
        if let index = entries.firstIndex(where: { $0.request == request }) {
            bytes -= entries.remove(at: index).picture.png.count
        }
        guard picture.png.count <= maximumBytes else { return }
        entries.append((request, picture))
        bytes += picture.png.count
        while entries.count > maximumCount || bytes > maximumBytes {
            bytes -= entries.removeFirst().picture.png.count
        }
    }
}
