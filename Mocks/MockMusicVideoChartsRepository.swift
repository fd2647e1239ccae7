import Domain
import Foundation

/// A charts repository that answers from a closure and records every query. Without a closure,
/// a call fails the test.
public final class MockMusicVideoChartsRepository: MusicVideoChartsRepository, Sendable {
    public typealias Handler = CallRecorder<ChartQuery, [MusicVideo]>.Handler

    private let calls: CallRecorder<ChartQuery, [MusicVideo]>

    /// - Parameter top: Answers `topMusicVideos`.
    public init(top: Handler? = nil) {
        calls = CallRecorder("MockMusicVideoChartsRepository.topMusicVideos(query:)", handler: top)
    }

    /// The queries received, in order.
    public var chartQueries: [ChartQuery] { calls.queries }

    public func topMusicVideos(query: ChartQuery) async throws(CatalogError) -> [MusicVideo] {
        try await calls(query)
    }

    /// Answers every chart with these videos, in this order.
    public static func returning(_ videos: [MusicVideo]) -> MockMusicVideoChartsRepository {
        MockMusicVideoChartsRepository(top: { _ throws(CatalogError) in videos })
    }

    /// Fails every chart with this error.
    public static func failing(with error: CatalogError) -> MockMusicVideoChartsRepository {
        MockMusicVideoChartsRepository(top: { _ throws(CatalogError) in throw error })
    }
}

/// A top music videos use case that answers from a closure and records every query.
public final class MockFetchTopMusicVideosUseCase: FetchTopMusicVideosUseCase, Sendable {
    public typealias Handler = CallRecorder<ChartQuery, TopMusicVideosPage>.Handler

    private let calls: CallRecorder<ChartQuery, TopMusicVideosPage>

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        calls = CallRecorder("MockFetchTopMusicVideosUseCase.execute(query:)", handler: handler)
    }

    /// The queries received, in order.
    public var executedQueries: [ChartQuery] { calls.queries }

    public func execute(query: ChartQuery) async throws(CatalogError) -> TopMusicVideosPage {
        try await calls(query)
    }
}
