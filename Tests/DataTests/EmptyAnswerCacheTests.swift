import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

/// The service may throttle with an empty list rather than a refusal: an answer with nothing
/// usable in it is not kept, so it is asked again next time instead of for an hour.
@Suite("Answers with nothing in them are not cached")
struct EmptyAnswerCacheTests {
    private static func caching(_ network: MockNetworkService, _ store: InMemoryResponseCacheStore) throws
        -> CachingDataTransferService
    {
        CachingDataTransferService(
            wrapping: DefaultDataTransferService(networkService: network), store: store,
            configuration: APINetworkConfiguration(baseURL: try #require(URL(string: "https://itunes.apple.com/"))),
            timeToLive: 3600)
    }

    @Test(
        "A search, a lookup and an artist search answering no usable row are asked again; one with a row is kept",
        arguments: [
            #"{"resultCount":0,"results":[]}"#,
            #"{"resultCount":2,"results":[{},{"wrapperType":"track","kind":"song"}]}"#,
        ])
    func emptyRowsNotCached(body: String) async throws {
        let store = InMemoryResponseCacheStore()
        let network = MockNetworkService.answering(Data(body.utf8))
        let service = try Self.caching(network, store)
        let videos = DefaultMusicVideosRepository(dataTransferService: service)
        let artists = DefaultMusicArtistsRepository(dataTransferService: service)
        for _ in 0..<2 {
            #expect(try await videos.searchMusicVideos(query: MusicVideoQuery(term: "x")).videos.isEmpty)
            #expect(try await videos.fetchMusicVideo(query: MusicVideoLookupQuery(id: 1)) == nil)
            #expect(try await artists.searchMusicArtists(query: MusicArtistQuery(term: "x")).isEmpty)
        }
        #expect(network.endpoints.count == 6)
        #expect(store.stored.isEmpty)

        let row = #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"t"}]}"#
        let full = MockNetworkService.answering(Data(row.utf8))
        let kept = DefaultMusicVideosRepository(dataTransferService: try Self.caching(full, store))
        _ = try await kept.searchMusicVideos(query: MusicVideoQuery(term: "x"))
        _ = try await kept.searchMusicVideos(query: MusicVideoQuery(term: "x"))
        #expect(full.endpoints.count == 1)
        #expect(store.stored.count == 1)
    }

    @Test("A chart with no entry is asked again")
    func emptyChartNotCached() async throws {
        let store = InMemoryResponseCacheStore()
        let network = MockNetworkService.answering(Data(#"{"feed":{"title":{"label":"t"}}}"#.utf8))
        let charts = DefaultMusicVideoChartsRepository(dataTransferService: try Self.caching(network, store))
        #expect(try await charts.topMusicVideos(query: ChartQuery()).isEmpty)
        #expect(try await charts.topMusicVideos(query: ChartQuery()).isEmpty)
        #expect(network.endpoints.count == 2)
        #expect(store.stored.isEmpty)
    }

    @Test(
        "A throttled answer (403 empty, 403 with an empty list, 429) is a rate-limit failure and never stored",
        arguments: [
            (403, ""), (403, #"{"resultCount":0,"results":[]}"#), (429, #"{"resultCount":0,"results":[]}"#),
        ])
    func throttledNotCached(status: Int, body: String) async throws {
        let store = InMemoryResponseCacheStore()
        let engine = MockNetworkSessionManager.answering(status: status, body: Data(body.utf8))
        let configuration = APINetworkConfiguration(baseURL: try #require(URL(string: "https://itunes.apple.com/")))
        let service = CachingDataTransferService(
            wrapping: DefaultDataTransferService(
                networkService: DefaultNetworkService(configuration: configuration, sessionManager: engine)),
            store: store, configuration: configuration, timeToLive: 3600)
        let videos = DefaultMusicVideosRepository(dataTransferService: service)
        for _ in 0..<2 {
            await #expect(throws: CatalogError.rateLimited(retryAfter: nil)) {
                try await videos.searchMusicVideos(query: MusicVideoQuery(term: "x"))
            }
        }
        #expect(engine.requests.count == 2)
        #expect(store.stored.isEmpty)
    }
}
