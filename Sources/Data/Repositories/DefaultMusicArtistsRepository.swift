import Domain
import Foundation
import Networking

/// Music-video artists from the iTunes Search API.
public struct DefaultMusicArtistsRepository: MusicArtistsRepository {
    private let dataTransferService: any DataTransferService

    /// - Parameter dataTransferService: Requests and decodes endpoints.
    public init(dataTransferService: any DataTransferService) {
        self.dataTransferService = dataTransferService
    }

    public func searchMusicArtists(query: MusicArtistQuery) async throws(CatalogError) -> [MusicArtist] {
        let endpoint = APIEndpoints.searchMusicArtists(with: TermSearchRequestDTO(query: query))
        return Array(
            try await dataTransferService.fetch(endpoint).results.lazy.compactMap { $0.toDomain() }
                .prefix(query.limit))
    }
}
