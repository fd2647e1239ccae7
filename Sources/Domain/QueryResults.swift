import Foundation

/// What a use case found for a query that is answered in one request: the items, and the query
/// as it was sent (validated and normalised), which the screen names in its title. Each use case
/// names its own: `MusicArtistsPage`, `ArtistMusicVideosPage`.
public struct QueryResults<Query: Equatable & Sendable, Item: Equatable & Sendable>: Equatable, Sendable {
    /// The query as sent.
    public let query: Query
    /// Distinct items, in the service's order.
    public let items: [Item]

    public init(query: Query, items: [Item]) {
        self.query = query
        self.items = items
    }
}

extension QueryResults where Item: Identifiable {
    /// Results keeping the first item of each id, in order: the service may repeat one.
    public static func distinct(query: Query, items: [Item]) -> QueryResults {
        var seen = Set<Item.ID>()
        return QueryResults(query: query, items: items.filter { seen.insert($0.id).inserted })
    }
}
