import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

@Suite("The collections repository's lookup")
struct MusicVideoCollectionsRepositoryTests {
    private func repository(answering body: Data) -> (DefaultMusicVideoCollectionsRepository, MockNetworkService) {
        let network = MockNetworkService.answering(body)
        return (
            DefaultMusicVideoCollectionsRepository(
                dataTransferService: DefaultDataTransferService(networkService: network)),
            network
        )
    }

    @Test(
        "Given a collection, when its videos are asked for, then lookup?id=…&entity=musicVideo is sent and the collection row is skipped"
    )
    func collectionVideos() async throws {
        let (repository, network) = repository(
            answering: try Fixture.data("lookup-collection-musicvideos-built-from-api-facts"))
        let videos = try await repository.fetchCollectionMusicVideos(
            query: CollectionMusicVideosQuery(collectionID: 1_477_000_000, country: "GB", limit: 10))
        #expect(videos.map(\.id) == [1_477_000_002, 1_477_000_001, 1_477_000_003])
        #expect(videos.allSatisfy { $0.collectionID == 1_477_000_000 })
        #expect(videos.first?.collectionName == "Immunity (Visual Album)")
        #expect(videos.first?.price == nil)  // -1.0: not sold on its own.
        let endpoint = try #require(network.endpoints.first)
        #expect(endpoint.path == "lookup")
        #expect(
            endpoint.queryItems.map { "\($0.name)=\($0.value)" } == [
                "id=1477000000", "entity=musicVideo", "limit=10", "country=GB",
            ])
    }

    @Test("Given a server that sends more rows than asked for, then no more than the limit are kept")
    func limit() async throws {
        let (repository, _) = repository(
            answering: try Fixture.data("lookup-collection-musicvideos-built-from-api-facts"))
        let videos = try await repository.fetchCollectionMusicVideos(
            query: CollectionMusicVideosQuery(collectionID: 1_477_000_000, limit: 2))
        #expect(videos.map(\.id) == [1_477_000_002, 1_477_000_001])
    }

    @Test("Given a looked-up video, then its collection id is read (as a number or a string), and absent on its own")
    func collectionIDRead() async throws {
        let body = Data(
            (#"{"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"A","collectionId":"77"},"#
                + #"{"wrapperType":"track","kind":"music-video","trackId":2,"trackName":"B","collectionId":78.0},"#
                + #"{"wrapperType":"track","kind":"music-video","trackId":3,"trackName":"C"}]}"#).utf8)
        let (repository, _) = repository(answering: body)
        let videos = try await repository.fetchCollectionMusicVideos(
            query: CollectionMusicVideosQuery(collectionID: 77))
        #expect(videos.map(\.collectionID) == [77, 78, nil])
    }

    @Test("Given a failing service, then the failure maps as every lookup's does")
    func failures() async {
        let service = MockDataTransferService.failing(with: .networkFailure(.httpStatus(HTTPFailure(statusCode: 503))))
        let repository = DefaultMusicVideoCollectionsRepository(dataTransferService: service)
        await #expect(throws: CatalogError.serviceUnavailable(statusCode: 503)) {
            _ = try await repository.fetchCollectionMusicVideos(query: CollectionMusicVideosQuery(collectionID: 1))
        }
    }
}
