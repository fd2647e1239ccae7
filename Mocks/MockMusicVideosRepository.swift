import Domain
import Foundation

/// A repository that answers from closures and records every query. A method whose closure
/// was not given fails the test when called.
public final class MockMusicVideosRepository: MusicVideosRepository, Sendable {
    public typealias SearchHandler = @Sendable (MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage
    public typealias LookupHandler = @Sendable (MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo?
    public typealias ArtistHandler = @Sendable (ArtistMusicVideosQuery) async throws(CatalogError) -> [MusicVideo]

    private let searchHandler: SearchHandler?
    private let lookupHandler: LookupHandler?
    private let artistHandler: ArtistHandler?
    private let recorded = Locked<[MusicVideoQuery]>([])
    private let recordedLookups = Locked<[MusicVideoLookupQuery]>([])
    private let recordedArtists = Locked<[ArtistMusicVideosQuery]>([])

    /// - Parameters:
    ///   - search: Answers `searchMusicVideos`.
    ///   - lookup: Answers `fetchMusicVideo`.
    ///   - artist: Answers `fetchArtistMusicVideos`.
    public init(search: SearchHandler? = nil, lookup: LookupHandler? = nil, artist: ArtistHandler? = nil) {
        searchHandler = search
        lookupHandler = lookup
        artistHandler = artist
    }

    /// The queries each method received, in order.
    public var searchedQueries: [MusicVideoQuery] { recorded.value }
    public var lookedUpQueries: [MusicVideoLookupQuery] { recordedLookups.value }
    public var artistQueries: [ArtistMusicVideosQuery] { recordedArtists.value }

    public func searchMusicVideos(query: MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage {
        recorded.withLock { $0.append(query) }
        guard let searchHandler else {
            reportUnimplemented("MockMusicVideosRepository.searchMusicVideos(query:)")
            throw .cancelled
        }
        return try await searchHandler(query)
    }

    public func fetchMusicVideo(query: MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo? {
        recordedLookups.withLock { $0.append(query) }
        guard let lookupHandler else {
            reportUnimplemented("MockMusicVideosRepository.fetchMusicVideo(query:)")
            throw .cancelled
        }
        return try await lookupHandler(query)
    }

    public func fetchArtistMusicVideos(query: ArtistMusicVideosQuery) async throws(CatalogError) -> [MusicVideo] {
        recordedArtists.withLock { $0.append(query) }
        guard let artistHandler else {
            reportUnimplemented("MockMusicVideosRepository.fetchArtistMusicVideos(query:)")
            throw .cancelled
        }
        return try await artistHandler(query)
    }

    /// Answers every search with these videos (a full page when there are `query.limit` of them).
    public static func returning(_ videos: [MusicVideo]) -> MockMusicVideosRepository {
        MockMusicVideosRepository(search: { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        })
    }

    /// Fails every search with this error.
    public static func failing(with error: CatalogError) -> MockMusicVideosRepository {
        MockMusicVideosRepository(search: { _ throws(CatalogError) in throw error })
    }
}
