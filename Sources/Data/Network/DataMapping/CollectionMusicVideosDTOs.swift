import Domain
import Foundation
import Networking

/// The Lookup API's parameters for a collection's music videos:
/// `lookup?id=…&entity=musicVideo&limit=…&country=…`. The answer lists the collection first.
public struct CollectionMusicVideosRequestDTO: Equatable, Sendable {
    /// The collection's store id.
    public let collectionID: Int
    /// Two-letter store country.
    public let country: String
    /// The most rows to ask for.
    public let limit: Int

    /// - Parameter query: A validated collection lookup.
    public init(query: CollectionMusicVideosQuery) {
        collectionID = query.collectionID
        country = query.country
        limit = query.limit
    }

    var queryItems: [QueryItem] {
        QueryItem.musicVideosLookup(id: collectionID, limit: limit, country: country)
    }
}

extension APIEndpoints {
    /// `GET lookup?id=…&entity=musicVideo&limit=…&country=…`: a collection and its music videos.
    /// - Parameter requestDTO: The collection id, country and limit.
    /// - Returns: The endpoint, decoding to the result envelope.
    public static func collectionMusicVideos(with requestDTO: CollectionMusicVideosRequestDTO) -> Endpoint<
        MusicVideosResponseDTO
    > {
        Endpoint(path: "lookup", queryItems: requestDTO.queryItems, headers: headers, isCacheable: hasRows)
    }
}
