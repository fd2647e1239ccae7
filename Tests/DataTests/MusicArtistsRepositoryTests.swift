import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

@Suite("The artists repository")
struct MusicArtistsRepositoryTests {
    private func repository(_ network: MockNetworkService) -> DefaultMusicArtistsRepository {
        DefaultMusicArtistsRepository(dataTransferService: DefaultDataTransferService(networkService: network))
    }

    @Test("A search sends search?term=…&media=musicVideo&entity=musicArtist&country=…&limit=… and maps artist rows")
    func search() async throws {
        let network = MockNetworkService.answering(try Fixture.data("lookup-artists-amg-2011"))
        let artists = try await repository(network).searchMusicArtists(
            query: MusicArtistQuery(term: "jack johnson", country: "GB", limit: 3))
        let endpoint = try #require(network.endpoints.first)
        #expect(endpoint.path == "search")
        #expect(
            endpoint.queryItems.map { "\($0.name)=\($0.value)" } == [
                "term=jack johnson", "media=musicVideo", "entity=musicArtist", "country=GB", "limit=3",
            ])
        #expect(artists.map(\.id) == [909_253, 408_472_918, 78500])
        #expect(
            artists.first
                == MusicArtist(
                    id: 909_253, name: "Jack Johnson", genre: "Rock",
                    url: URL(string: "http://itunes.apple.com/us/artist/jack-johnson/id909253?uo=4")))
    }

    @Test("Both decoders read an artist row alike; rows that are not artists, or lack an id or a name, are left out")
    func lenientRows() async throws {
        let body = Data(
            (#"{"resultCount":4,"results":[{"wrapperType":"artist","artistName":"A","artistId":"7","primaryGenreName":null,"#
                + #""artistLinkUrl":"javascript:alert(1)"},{"wrapperType":"track","kind":"music-video","trackId":1,"artistId":2,"#
                + #""artistName":"B"},{"wrapperType":"artist","artistName":"No id"},{"wrapperType":"artist","artistId":9.0}]}"#)
                .utf8)
        let fast = try JSONResponseDecoder().decode(body, as: MusicArtistsResponseDTO.self)
        #expect(fast == (try JSONDecoder().decode(MusicArtistsResponseDTO.self, from: body)))
        let artists = try await repository(MockNetworkService.answering(body))
            .searchMusicArtists(query: MusicArtistQuery(term: "a"))
        #expect(artists == [MusicArtist(id: 7, name: "A", genre: nil, url: nil)])
    }

    @Test("Failures map like every other endpoint's: 403 is rate limiting, 400 a rejected query, 503 unavailable")
    func failures() async {
        let cases: [(Int, Data, CatalogError)] = [
            (403, Data(), .rateLimited(retryAfter: nil)),
            (
                400, Data(#"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#.utf8),
                .rejectedQuery(message: "Invalid value(s) for key(s): [country]")
            ),
            (503, Data(), .serviceUnavailable(statusCode: 503)),
        ]
        for (status, body, expected) in cases {
            let network = MockNetworkService.failing(with: .httpStatus(HTTPFailure(statusCode: status, body: body)))
            await #expect(throws: expected) {
                _ = try await repository(network).searchMusicArtists(query: MusicArtistQuery(term: "a"))
            }
        }
    }
}
