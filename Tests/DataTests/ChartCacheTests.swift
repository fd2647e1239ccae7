import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

/// The chart's feed DTO is Decodable only and reads `{"label": …}` wrappers: the kind of answer a
/// cache of re-encoded DTOs skipped without a word.
@Suite("The chart through the response cache")
struct ChartCacheTests {
    @Test("Given the chart fetched once, when asked again, then the cache answers with the same videos")
    func chartAnsweredFromCache() async throws {
        let feed = try Fixture.data("rss-topmusicvideos-us-built-from-api-facts")
        let network = MockNetworkService.answering(feed)
        let store = InMemoryResponseCacheStore()
        let repository = DefaultMusicVideoChartsRepository(
            dataTransferService: CachingDataTransferService(
                wrapping: DefaultDataTransferService(networkService: network), store: store,
                configuration: APINetworkConfiguration(baseURL: try #require(URL(string: "https://itunes.apple.com/"))),
                timeToLive: 3600))
        let query = ChartQuery(country: "US", limit: 10)

        let fetched = try await repository.topMusicVideos(query: query)
        let cached = try await repository.topMusicVideos(query: query)

        #expect(!fetched.isEmpty)
        #expect(cached == fetched)
        #expect(network.endpoints.count == 1)
        #expect(store.stored.values.map(\.body) == [feed])
    }
}
