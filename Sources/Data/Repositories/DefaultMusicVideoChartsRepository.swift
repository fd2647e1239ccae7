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
        // Each keeps its place in the feed: entries left out before it do not move it up.
        let feed = try await dataTransferService.fetch(APIEndpoints.topMusicVideos(with: query))
        return Array(
            zip(feed.entries, feed.positions).lazy.compactMap { $0.toDomain(position: $1) }.prefix(query.limit))
    }
}
