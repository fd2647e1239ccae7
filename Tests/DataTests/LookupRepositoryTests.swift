import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

@Suite("The repository's lookups")
struct LookupRepositoryTests {
    private func repository(answering body: Data) -> (DefaultMusicVideosRepository, MockNetworkService) {
        let network = MockNetworkService.answering(body)
        return (
            DefaultMusicVideosRepository(dataTransferService: DefaultDataTransferService(networkService: network)),
            network
        )
    }

    @Test("Looking up a track id sends lookup?id=…&country=… and returns that video")
    func lookup() async throws {
        let (repository, network) = repository(answering: try Fixture.data("search-musicvideo-clairo"))
        let video = try await repository.fetchMusicVideo(query: MusicVideoLookupQuery(id: 1_378_778_940, country: "US"))
        #expect(video?.title == "4Ever")
        let endpoint = try #require(network.endpoints.first)
        #expect(endpoint.path == "lookup")
        #expect(endpoint.queryItems.map { "\($0.name)=\($0.value)" } == ["id=1378778940", "country=US"])
    }

    @Test("An id the answer does not hold as a music video gives nil")
    func lookupMissing() async throws {
        let (empty, _) = repository(answering: Data(#"{"resultCount":0,"results":[]}"#.utf8))
        #expect(try await empty.fetchMusicVideo(query: MusicVideoLookupQuery(id: 5)) == nil)
        let (songs, _) = repository(answering: try Fixture.data("search-song-sick-love"))
        #expect(try await songs.fetchMusicVideo(query: MusicVideoLookupQuery(id: 1_109_251_513)) == nil)
    }

    @Test("An artist lookup asks for entity=musicVideo and skips the artist's own row")
    func artistVideos() async throws {
        let body = Data(
            (#"{"resultCount":2,"results":[{"wrapperType":"artist","artistType":"Artist","artistName":"Clairo","artistId":1187613837},"#
                + #"{"wrapperType":"track","kind":"music-video","trackId":1378778940,"trackName":"4Ever","artistId":1187613837}]}"#)
                .utf8)
        let (repository, network) = repository(answering: body)
        let videos = try await repository.fetchArtistMusicVideos(
            query: ArtistMusicVideosQuery(artistID: 1_187_613_837, limit: 10))
        #expect(videos.map(\.title) == ["4Ever"])
        let endpoint = try #require(network.endpoints.first)
        #expect(endpoint.path == "lookup")
        #expect(
            endpoint.queryItems.map { "\($0.name)=\($0.value)" } == [
                "id=1187613837", "entity=musicVideo", "limit=10", "country=US",
            ])
    }

    @Test("A lookup answering only artist rows gives no videos")
    func onlyArtists() async throws {
        let (repository, _) = repository(answering: try Fixture.data("lookup-artists-amg-2011"))
        #expect(try await repository.fetchArtistMusicVideos(query: ArtistMusicVideosQuery(artistID: 909_253)).isEmpty)
    }

    @Test("Lookup failures map like search failures")
    func failures() async {
        let service = MockDataTransferService.failing(with: .networkFailure(.httpStatus(HTTPFailure(statusCode: 503))))
        let repository = DefaultMusicVideosRepository(dataTransferService: service)
        await #expect(throws: CatalogError.serviceUnavailable(statusCode: 503)) {
            _ = try await repository.fetchMusicVideo(query: MusicVideoLookupQuery(id: 1))
        }
        await #expect(throws: CatalogError.serviceUnavailable(statusCode: 503)) {
            _ = try await repository.fetchArtistMusicVideos(query: ArtistMusicVideosQuery(artistID: 1))
        }
    }
}
