import Domain
import Foundation

/// A repository that answers from a closure and records every query.
public final class MockMusicVideosRepository: MusicVideosRepository, @unchecked Sendable {
    public typealias SearchHandler = @Sendable (MusicVideoQuery) async throws(MusicVideoError) -> MusicVideoPage

    private let searchHandler: SearchHandler?
    private let recorded = Locked<[MusicVideoQuery]>([])

    /// - Parameter search: Answers `searchMusicVideos`; `nil` fails the test if it is called.
    public init(search: SearchHandler? = nil) {
        searchHandler = search
    }

    /// The queries `searchMusicVideos` received, in order.
    public var searchedQueries: [MusicVideoQuery] { recorded.value }

    public func searchMusicVideos(query: MusicVideoQuery) async throws(MusicVideoError) -> MusicVideoPage {
        recorded.withLock { $0.append(query) }
        guard let searchHandler else {
            reportUnimplemented("MockMusicVideosRepository.searchMusicVideos(query:)")
            throw .cancelled
        }
        return try await searchHandler(query)
    }

    /// Answers every search with these videos (a full page when there are `query.limit` of them).
    public static func returning(_ videos: [MusicVideo]) -> MockMusicVideosRepository {
        MockMusicVideosRepository { query throws(MusicVideoError) in
            MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        }
    }

    /// Fails every search with this error.
    public static func failing(with error: MusicVideoError) -> MockMusicVideosRepository {
        MockMusicVideosRepository { _ throws(MusicVideoError) in throw error }
    }
}
