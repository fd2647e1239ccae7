import Domain
import Foundation
import Networking

/// The Lookup API's parameters for one item: `lookup?id=…&country=…`.
public struct MusicVideoLookupRequestDTO: Equatable, Sendable {
    public let id: Int
    public let country: String

    public init(query: MusicVideoLookupQuery) {
        id = query.id
        country = query.country
    }

    var queryItems: [QueryItem] {
        [QueryItem(name: "id", value: String(id)), QueryItem(name: "country", value: country)]
    }
}

/// The Lookup API's parameters for an artist's music videos:
/// `lookup?id=…&entity=musicVideo&limit=…&country=…`. The answer lists the artist first.
public struct ArtistMusicVideosRequestDTO: Equatable, Sendable {
    public let artistID: Int
    public let country: String
    public let limit: Int

    public init(query: ArtistMusicVideosQuery) {
        artistID = query.artistID
        country = query.country
        limit = query.limit
    }

    var queryItems: [QueryItem] {
        QueryItem.musicVideosLookup(id: artistID, limit: limit, country: country)
    }
}

extension QueryItem {
    /// `id=…&entity=musicVideo&limit=…&country=…`: the Lookup API's question for the music videos
    /// of one artist or collection, in a stable order (so equal lookups give equal URLs).
    static func musicVideosLookup(id: Int, limit: Int, country: String) -> [QueryItem] {
        [
            QueryItem(name: "id", value: String(id)),
            QueryItem(name: "entity", value: "musicVideo"),
            QueryItem(name: "limit", value: String(limit)),
            QueryItem(name: "country", value: country),
        ]
    }
}
