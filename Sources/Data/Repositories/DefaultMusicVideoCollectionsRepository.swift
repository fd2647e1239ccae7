import Domain
import Foundation
import Networking

/// Collections' music videos, from the iTunes Lookup API.
public struct DefaultMusicVideoCollectionsRepository: MusicVideoCollectionsRepository {
    private let dataTransferService: any DataTransferService

    /// - Parameter dataTransferService: Requests and decodes endpoints.
    public init(dataTransferService: any DataTransferService) {
        self.dataTransferService = dataTransferService
    }

    public func fetchCollectionMusicVideos(query: CollectionMusicVideosQuery) async throws(CatalogError)
        -> [MusicVideo]
    {
        let endpoint = APIEndpoints.collectionMusicVideos(with: CollectionMusicVideosRequestDTO(query: query))
        // The collection's own row comes first; `toDomain()` keeps only music-video rows.
        return Array(
            try await dataTransferService.fetch(endpoint).results.lazy.compactMap { $0.toDomain() }
                .prefix(query.limit))
    }
}
