import Foundation
import Networking

/// Every iTunes endpoint the app uses, as values.
public enum APIEndpoints {
    /// `GET search?term=…&media=musicVideo&entity=musicVideo&…`
    /// - Parameter requestDTO: The search parameters.
    /// - Returns: The endpoint, decoding to the result envelope.
    public static func searchMusicVideos(with requestDTO: MusicVideosRequestDTO) -> Endpoint<MusicVideosResponseDTO> {
        Endpoint(path: "search", queryItems: requestDTO.queryItems, headers: ["Accept": "application/json"])
    }
}
