import Foundation

/// Where the store's music-video charts come from. Implemented in Data; replaced by a mock in tests.
public protocol MusicVideoChartsRepository: Sendable {
    /// - Parameter query: A validated query.
    /// - Returns: The chart's videos, top first.
    /// - Throws: `CatalogError`.
    func topMusicVideos(query: ChartQuery) async throws(CatalogError) -> [MusicVideo]
}

/// A chart's videos, top first, and the (normalised) query they answer.
public typealias TopMusicVideosPage = QueryResults<ChartQuery, MusicVideo>

/// The store's top music videos.
public protocol FetchTopMusicVideosUseCase: Sendable {
    /// - Returns: Distinct videos in chart order, with the normalised query.
    /// - Throws: `CatalogError.invalidQuery` before any request; otherwise the repository's error.
    func execute(query: ChartQuery) async throws(CatalogError) -> TopMusicVideosPage
}

/// Validates the query, asks the repository, and keeps the first of each track id.
public struct DefaultFetchTopMusicVideosUseCase: FetchTopMusicVideosUseCase {
    private let repository: any MusicVideoChartsRepository

    public init(repository: any MusicVideoChartsRepository) {
        self.repository = repository
    }

    public func execute(query: ChartQuery) async throws(CatalogError) -> TopMusicVideosPage {
        let validQuery = try QueryValidation.checked(query.validated)
        return .distinct(query: validQuery, items: try await repository.topMusicVideos(query: validQuery))
    }
}
