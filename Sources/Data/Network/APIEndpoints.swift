import Foundation
import Networking

/// Every iTunes endpoint the app uses, as values: the music-video search and lookups here, each
/// list command's endpoint in an extension beside its DTOs (`APIEndpoints.searchMusicArtists`).
public enum APIEndpoints {
    /// The statuses with which the service refuses a client that sends too many requests:
    /// 403 with an empty body (what it really sends), and the standard 429.
    public static let rateLimitStatusCodes: Set<Int> = [403, 429]

    /// `GET search?term=…&media=musicVideo&entity=musicVideo&…`
    /// - Parameter requestDTO: The search parameters.
    /// - Returns: The endpoint, decoding to the result envelope.
    public static func searchMusicVideos(with requestDTO: MusicVideosRequestDTO) -> Endpoint<MusicVideosResponseDTO> {
        Endpoint(path: "search", queryItems: requestDTO.queryItems, headers: headers, isCacheable: hasRows)
    }

    /// `GET lookup?id=…&country=…`: one item by its id.
    /// - Parameter requestDTO: The id and country.
    /// - Returns: The endpoint, decoding to the result envelope.
    public static func lookupMusicVideo(with requestDTO: MusicVideoLookupRequestDTO) -> Endpoint<MusicVideosResponseDTO>
    {
        Endpoint(path: "lookup", queryItems: requestDTO.queryItems, headers: headers, isCacheable: hasRows)
    }

    /// `GET lookup?id=…&entity=musicVideo&limit=…&country=…`: an artist and their music videos.
    /// - Parameter requestDTO: The artist id, country and limit.
    /// - Returns: The endpoint, decoding to the result envelope.
    public static func artistMusicVideos(with requestDTO: ArtistMusicVideosRequestDTO) -> Endpoint<
        MusicVideosResponseDTO
    > {
        Endpoint(path: "lookup", queryItems: requestDTO.queryItems, headers: headers, isCacheable: hasRows)
    }

    static let headers = ["Accept": "application/json"]

    /// Whether an answer may be cached: not when it has no usable row, which may be the service
    /// throttling with an empty list rather than a real "nothing found" (API-FACTS.md) — kept,
    /// it would stand for the cache's whole lifetime.
    @Sendable static func hasRows<Row>(_ response: ITunesResponseDTO<Row>) -> Bool {
        !response.results.isEmpty
    }
}
