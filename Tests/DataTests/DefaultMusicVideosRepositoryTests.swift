import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

/// The repository over the real data transfer service, fed recorded answers by a mock
/// network service: everything from the bytes to the entities.
@Suite("The repository decodes recorded iTunes answers")
struct DefaultMusicVideosRepositoryTests {
    private func page(for body: Data, query: MusicVideoQuery = MusicVideoQuery(term: "x")) async throws
        -> MusicVideoPage
    {
        let service = DefaultDataTransferService(networkService: MockNetworkService.answering(body))
        return try await DefaultMusicVideosRepository(dataTransferService: service).searchMusicVideos(query: query)
    }

    private func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test("A modern answer (leading blank lines, raw newlines, no collection) gives every video in order")
    func decodesModernAnswer() async throws {
        let page = try await page(for: try Fixture.data("search-musicvideo-clairo"))
        #expect(page.videos.map(\.id) == [1_451_289_202, 1_378_778_940, 1_477_046_401, 1_481_880_440])
        #expect(page.rowCount == 4)
        let first = try #require(page.videos.first)
        #expect(first.title == "Are You Bored Yet? (feat. Clairo)")
        #expect(first.artistName == "Wallows")
        #expect(first.collectionName == nil)
        #expect(first.releaseDate == (try utc("2019-02-01T08:00:00Z")))
        #expect(first.duration == 205.63)
        #expect(first.price == Decimal(string: "1.99"))
        #expect(first.explicitness == .notExplicit)
        #expect(first.country == "USA")
        #expect(first.previewURL?.pathExtension == "m4v")
        #expect(page.videos[2].title == "I Don\u{2019}t Think I Can Do This Again")
        #expect(page.videos.filter { $0.explicitness == .explicit }.count == 1)
    }

    @Test("A 2011 answer (explicit nulls, float milliseconds, Etc/GMT dates) decodes")
    func decodes2011Answer() async throws {
        let page = try await page(for: try Fixture.data("search-musicvideo-sabotage-2011"))
        let first = try #require(page.videos.first)
        #expect(first.title == "Sabotage")
        #expect(first.artistName == "Beastie Boys")
        #expect(first.duration == 181.6)
        #expect(first.releaseDate == (try utc("2009-07-14T07:00:00Z")))
        #expect(first.collectionName == nil)
        #expect(first.trackURL?.absoluteString == "http://itunes.apple.com/us/video/sabotage/id394290559?uo=4")
    }

    @Test("An answer of songs only gives no videos, but counts its rows for paging")
    func dropsSongs() async throws {
        let page = try await page(for: try Fixture.data("search-song-sick-love"))
        #expect(page.videos.isEmpty)
        #expect(page.rowCount == 10)
    }

    @Test("A row without preview, prices or duration still decodes, with those absent")
    func decodesRowWithMissingFields() async throws {
        let row = try Fixture.data("row-musicvideo-ai-otsuka-missing-fields")
        let body = Data("{\"resultCount\":1,\"results\":[".utf8) + row + Data("]}".utf8)
        let video = try #require(try await page(for: body).videos.first)
        #expect(video.id == 838_701_256)
        #expect(video.previewURL == nil)
        #expect(video.price == nil)
        #expect(video.duration == nil)
        #expect(video.genre == "J-Pop")
    }

    @Test("Artist rows from a lookup are not videos")
    func dropsArtistRows() async throws {
        let page = try await page(for: try Fixture.data("lookup-artists-amg-2011"))
        #expect(page.videos.isEmpty)
        #expect(page.rowCount == 3)
    }

    @Test("A trackPrice of -1 means not sold on its own: no price")
    func negativePriceIsAbsent() async throws {
        let body = Data(
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":7,"trackName":"t","trackPrice":-1.0,"collectionPrice":9.99}]}"#
                .utf8)
        let video = try #require(try await page(for: body).videos.first)
        #expect(video.price == nil)
        #expect(video.collectionPrice == Decimal(string: "9.99"))
    }

    @Test("Fields of the wrong type read as absent instead of failing the answer")
    func toleratesWrongTypes() async throws {
        let body = Data(
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":"42","trackName":"t","artistName":5,"trackTimeMillis":"1000","trackViewUrl":"javascript:alert(1)","releaseDate":"soon"}]}"#
                .utf8)
        let video = try #require(try await page(for: body).videos.first)
        #expect(video.id == 42)
        #expect(video.artistName == nil)
        #expect(video.duration == 1)
        #expect(video.trackURL == nil)
        #expect(video.releaseDate == nil)
    }

    @Test("Absurd numbers from the server read as absent, never as a crash", arguments: ["1e300", "-5", "0", "1e20"])
    func toleratesAbsurdDurations(milliseconds: String) async throws {
        let body = Data(
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"t","trackTimeMillis":\#(milliseconds)}]}"#
                .utf8)
        let video = try #require(try await page(for: body).videos.first)
        #expect(video.duration == nil)
    }

    @Test("Rows without a track id or any name are dropped")
    func dropsUnusableRows() async throws {
        let body = Data(
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackName":"no id"},{"wrapperType":"track","kind":"music-video","trackId":1},{"wrapperType":"track","kind":"music-video","trackId":2,"trackCensoredName":"censored only"}]}"#
                .utf8)
        #expect(try await page(for: body).videos.map(\.title) == ["censored only"])
    }

    @Test("The request names media and entity musicVideo, and the query in the service's terms")
    func buildsRequest() async throws {
        let dataTransfer = MockDataTransferService { _ throws(DataTransferError) in
            MusicVideosResponseDTO(resultCount: 0, results: [])
        }
        let query = MusicVideoQuery(
            term: "a+b", country: "GB", limit: 10, offset: 20, attribute: .artist, allowsExplicit: false)
        _ = try await DefaultMusicVideosRepository(dataTransferService: dataTransfer).searchMusicVideos(query: query)
        let endpoint = try #require(dataTransfer.endpoints.first)
        #expect(endpoint.path == "search")
        #expect(
            endpoint.queryItems.map { "\($0.name)=\($0.value)" } == [
                "term=a+b", "media=musicVideo", "entity=musicVideo", "country=GB", "limit=10", "offset=20",
                "attribute=artistTerm", "explicit=No",
            ])
    }

    @Test("Defaults send no offset, attribute or explicit filter")
    func omitsDefaults() {
        let items = APIEndpoints.searchMusicVideos(with: MusicVideosRequestDTO(query: MusicVideoQuery(term: "x")))
            .queryItems
        #expect(items.map(\.name) == ["term", "media", "entity", "country", "limit"])
    }
}

@Suite("Both decoders read answers the same way")
struct DecoderEquivalenceTests {
    @Test(
        "The fast reader and JSONDecoder give equal DTOs for every recorded answer",
        arguments: [
            "search-musicvideo-clairo", "search-musicvideo-sabotage-2011", "search-song-sick-love",
            "lookup-artists-amg-2011",
        ])
    func fixtures(name: String) throws {
        let data = try Fixture.data(name)
        let fast = try JSONResponseDecoder().decode(data, as: MusicVideosResponseDTO.self)
        let foundation = try JSONDecoder().decode(MusicVideosResponseDTO.self, from: data)
        #expect(fast == foundation)
        #expect(fast.results.count == foundation.results.count)
    }

    @Test("Wrong-typed fields read alike in both decoders")
    func lenientAlike() throws {
        let data = Data(
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":"42","trackName":7,"trackCensoredName":"c","trackTimeMillis":"1000","trackPrice":"1.5","artistId":12.0,"previewUrl":"ftp://x","trackViewUrl":"HTTPS://x.test/v"}]}"#
                .utf8)
        let fast = try JSONResponseDecoder().decode(data, as: MusicVideosResponseDTO.self)
        #expect(fast == (try JSONDecoder().decode(MusicVideosResponseDTO.self, from: data)))
        let row = try #require(fast.results.first)
        #expect(row.trackId == 42 && row.trackName == nil && row.artistId == 12 && row.previewUrl == nil)
        #expect(row.trackPrice == Decimal(string: "1.5"))
        #expect(row.trackViewUrl?.url?.host == "x.test")
    }

    @Test(
        "Prices are read exactly",
        arguments: [
            ("1.99", "1.99"), ("-1", "-1"), ("12", "12"), ("0.30", "0.3"), ("1e3", "1000"),
            ("123456789012.345678", "123456789012.345678"),
        ])
    func prices(text: String, expected: String) throws {
        let data = Data(
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"t","trackPrice":\#(text)}]}"#
                .utf8)
        let row = try #require(try JSONResponseDecoder().decode(data, as: MusicVideosResponseDTO.self).results.first)
        #expect(row.trackPrice == Decimal(string: expected))
    }
}
