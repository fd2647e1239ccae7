import Catalog
import Domain
import Foundation
import Mocks
import Testing

/// A service graph over test doubles: no network, no files.
enum CatalogServicesFixture {
    static func services(
        videos: (any MusicVideosRepository)? = nil, artists: (any MusicArtistsRepository)? = nil,
        charts: (any MusicVideoChartsRepository)? = nil, recent: (any RecentSearchesRepository)? = nil,
        timeToLive: TimeInterval = 3600
    ) throws -> CatalogServices {
        let settings = CatalogSettings(
            baseURL: try #require(URL(string: "http://127.0.0.1:9/")),
            cache: .on(
                directory: FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-unused"),
                timeToLive: timeToLive, mode: .normal))
        return CatalogServices(
            settings: settings,
            overrides: CatalogServices.Overrides(
                sessionManager: MockNetworkSessionManager(), musicVideosRepository: videos,
                musicArtistsRepository: artists, musicVideoChartsRepository: charts,
                recentSearchesRepository: recent ?? InMemoryRecentSearchesRepository(),
                responseCacheStore: InMemoryResponseCacheStore()))
    }
}

/// A repository that counts the requests it is asked.
final class MockMusicVideosRepositoryForCatalog: MusicVideosRepository, Sendable {
    private let state = Locked(0)
    private let videos: [MusicVideo]
    private let failure: CatalogError?

    init(videos: [MusicVideo] = [.stub(id: 1), .stub(id: 2, title: "Upside Down")], failure: CatalogError? = nil) {
        self.videos = videos
        self.failure = failure
    }

    var calls: Int { state.value }

    func searchMusicVideos(query: MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage {
        state.withLock { $0 += 1 }
        if let failure { throw failure }
        return MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
    }

    func fetchMusicVideo(query: MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo? {
        state.withLock { $0 += 1 }
        return videos.first { $0.id == query.id }
    }

    func fetchArtistMusicVideos(query: ArtistMusicVideosQuery) async throws(CatalogError) -> [MusicVideo] {
        state.withLock { $0 += 1 }
        return videos
    }
}
