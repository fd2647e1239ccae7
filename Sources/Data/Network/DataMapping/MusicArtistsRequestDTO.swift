import Domain
import Foundation
import Networking

/// The Search API's parameters for music-video artists:
/// `search?term=…&media=musicVideo&entity=musicArtist&country=…&limit=…`.
public struct MusicArtistsRequestDTO: Equatable, Sendable {
    public let term: String
    public let country: String
    public let limit: Int

    /// - Parameter query: A validated domain query.
    public init(query: MusicArtistQuery) {
        term = query.term
        country = query.country
        limit = query.limit
    }

    var queryItems: [QueryItem] {
        [
            QueryItem(name: "term", value: term),
            QueryItem(name: "media", value: "musicVideo"),
            QueryItem(name: "entity", value: "musicArtist"),
            QueryItem(name: "country", value: country),
            QueryItem(name: "limit", value: String(limit)),
        ]
    }
}
