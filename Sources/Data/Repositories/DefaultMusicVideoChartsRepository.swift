import Domain
import Foundation
import Networking

/// The store's music-video charts, from its RSS generator.
public struct DefaultMusicVideoChartsRepository: MusicVideoChartsRepository {
    private let dataTransferService: any DataTransferService

    /// - Parameter dataTransferService: Requests and decodes endpoints.
    public init(dataTransferService: any DataTransferService) {
        self.dataTransferService = dataTransferService
    }

    public func topMusicVideos(query: ChartQuery) async throws(CatalogError) -> [MusicVideo] {
        Array(
            try await dataTransferService.fetch(APIEndpoints.topMusicVideos(with: query)).entries.lazy.compactMap {
                $0.toDomain()
            }.prefix(query.limit))
    }
}
