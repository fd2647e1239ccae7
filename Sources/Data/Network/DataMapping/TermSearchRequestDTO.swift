import Domain
import Networking

/// The Search API's parameters for a search by words among one kind of item of the music-video
/// store: `search?term=…&media=musicVideo&entity=…&country=…&limit=…`. Each endpoint names the
/// entity (`musicArtist`).
public struct TermSearchRequestDTO: Equatable, Sendable {
    public let term: String
    public let country: String
    public let limit: Int

    /// - Parameter query: A validated domain query.
    public init(query: TermQuery) {
        term = query.term
        country = query.country
        limit = query.limit
    }

    /// The query items, in a stable order (so equal searches give equal URLs).
    /// - Parameter entity: The kind of item, as the service names it: `musicArtist`.
    func queryItems(entity: String) -> [QueryItem] {
        [
            QueryItem(name: "term", value: term),
            QueryItem(name: "media", value: "musicVideo"),
            QueryItem(name: "entity", value: entity),
            QueryItem(name: "country", value: country),
            QueryItem(name: "limit", value: String(limit)),
        ]
    }
}
