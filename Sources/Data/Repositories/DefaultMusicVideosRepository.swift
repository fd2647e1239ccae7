import Domain
import Foundation
import Networking

/// Music videos from the iTunes Search API.
public struct DefaultMusicVideosRepository: MusicVideosRepository {
    private let dataTransferService: any DataTransferService

    /// - Parameter dataTransferService: Requests and decodes endpoints.
    public init(dataTransferService: any DataTransferService) {
        self.dataTransferService = dataTransferService
    }

    public func searchMusicVideos(query: MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage {
        let endpoint = APIEndpoints.searchMusicVideos(with: MusicVideosRequestDTO(query: query))
        return try await dataTransferService.fetch(endpoint).toDomain(query: query)
    }

    public func fetchMusicVideo(query: MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo? {
        let endpoint = APIEndpoints.lookupMusicVideo(with: MusicVideoLookupRequestDTO(query: query))
        return try await dataTransferService.fetch(endpoint).results.lazy.compactMap { $0.toDomain() }.first {
            $0.id == query.id
        }
    }

    public func fetchArtistMusicVideos(query: ArtistMusicVideosQuery) async throws(CatalogError) -> [MusicVideo] {
        let endpoint = APIEndpoints.artistMusicVideos(with: ArtistMusicVideosRequestDTO(query: query))
        // The artist's own row comes first; `toDomain()` keeps only music-video rows.
        return Array(
            try await dataTransferService.fetch(endpoint).results.lazy.compactMap { $0.toDomain() }
                .prefix(query.limit))
    }
}
