import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

/// An answer's size never sets what is kept: rows are filtered and capped while they are read,
/// and what is shown is at most the query's limit, whatever the server sends.
@Suite("Answers are bounded while they are read")
struct AnswerBoundsTests {
    /// A music-video row, usable.
    private static func row(_ id: Int) -> String {
        #"{"wrapperType":"track","kind":"music-video","trackId":\#(id),"trackName":"t\#(id)"}"#
    }

    private static func envelope(_ rows: [String]) -> Data {
        Data(#"{"resultCount":\#(rows.count),"results":[\#(rows.joined(separator: ","))]}"#.utf8)
    }

    /// Both decoders' readings of `data`, which must agree.
    private static func decoded(_ data: Data) throws -> MusicVideosResponseDTO {
        let fast = try JSONResponseDecoder().decode(data, as: MusicVideosResponseDTO.self)
        #expect(fast == (try JSONDecoder().decode(MusicVideosResponseDTO.self, from: data)))
        return fast
    }

    @Test("Rows that are no music video are not kept, but counted")
    func unusableRowsLeftOut() throws {
        let data = Self.envelope([
            "{}", Self.row(1), #"{"wrapperType":"artist","artistId":5,"artistName":"a"}"#,
            #"{"wrapperType":"track","kind":"song","trackId":2,"trackName":"s"}"#,
            #"{"wrapperType":"track","kind":"music-video","trackName":"no id"}"#, Self.row(3),
        ])
        let dto = try Self.decoded(data)
        #expect(dto.results.compactMap(\.trackId) == [1, 3])
        #expect(dto.rowCount == 6)
    }

    @Test("At most 200 usable rows are kept from an answer of 5000")
    func keptRowsCapped() throws {
        let dto = try Self.decoded(Self.envelope((1...5000).map(Self.row)))
        #expect(dto.results.count == MusicVideosResponseDTO.maximumKeptRows)
        #expect(dto.results.first?.trackId == 1)
        #expect(dto.results.last?.trackId == 200)
        #expect(dto.rowCount == 5000)
    }

    @Test("Empty objects count toward the rows read: a usable row after the bound is not read")
    func readRowsCapped() throws {
        let empties = Array(repeating: "{}", count: MusicVideosResponseDTO.maximumReadRows)
        let dto = try Self.decoded(Self.envelope(empties + [Self.row(7)]))
        #expect(dto.results.isEmpty)
        #expect(dto.rowCount == MusicVideosResponseDTO.maximumReadRows + 1)
        let within = try Self.decoded(Self.envelope(Array(empties.dropLast()) + [Self.row(7)]))
        #expect(within.results.compactMap(\.trackId) == [7])
    }

    @Test("Rows past the bounds are still checked as JSON")
    func passedOverRowsStillChecked() throws {
        let empties = Array(repeating: "{}", count: MusicVideosResponseDTO.maximumReadRows)
        let data = Data((String(decoding: Self.envelope(empties), as: UTF8.self).dropLast(2) + ",{]}").utf8)
        #expect(throws: (any Error).self) { try JSONResponseDecoder().decode(data, as: MusicVideosResponseDTO.self) }
    }

    @Test("A search shows at most the query's limit, and pages on by it, when the server sends more")
    func searchLimitApplied() async throws {
        let service = DefaultDataTransferService(
            networkService: MockNetworkService.answering(Self.envelope((1...30).map(Self.row))))
        let page = try await DefaultMusicVideosRepository(dataTransferService: service)
            .searchMusicVideos(query: MusicVideoQuery(term: "x", limit: 3))
        #expect(page.videos.map(\.id) == [1, 2, 3])
        #expect(page.rowCount == 3)
        #expect(page.nextPageQuery?.offset == 3)
    }

    @Test("An artist's videos and an artist search show at most the query's limit")
    func lookupLimitsApplied() async throws {
        let videos = DefaultDataTransferService(
            networkService: MockNetworkService.answering(Self.envelope((1...30).map(Self.row))))
        let found = try await DefaultMusicVideosRepository(dataTransferService: videos)
            .fetchArtistMusicVideos(query: ArtistMusicVideosQuery(artistID: 9, limit: 2))
        #expect(found.map(\.id) == [1, 2])
        let artists = (1...30).map { #"{"wrapperType":"artist","artistId":\#($0),"artistName":"a\#($0)"}"# }
        let artistService = DefaultDataTransferService(
            networkService: MockNetworkService.answering(Self.envelope(artists)))
        let names = try await DefaultMusicArtistsRepository(dataTransferService: artistService)
            .searchMusicArtists(query: MusicArtistQuery(term: "a", limit: 4))
        #expect(names.map(\.id) == [1, 2, 3, 4])
    }

    @Test("A feed of 5000 entries keeps 200; the chart shows the query's limit")
    func feedCapped() async throws {
        let entries = (1...5000).map { #"{"im:name":{"label":"n\#($0)"},"id":{"attributes":{"im:id":"\#($0)"}}}"# }
        let body = Data(#"{"feed":{"entry":[\#(entries.joined(separator: ","))]}}"#.utf8)
        let dto = try JSONResponseDecoder().decode(body, as: TopMusicVideosResponseDTO.self)
        #expect(dto.entries.count == TopMusicVideosResponseDTO.maximumKeptEntries)
        let service = DefaultDataTransferService(networkService: MockNetworkService.answering(body))
        let chart = try await DefaultMusicVideoChartsRepository(dataTransferService: service)
            .topMusicVideos(query: ChartQuery(limit: 3))
        #expect(chart.map(\.id) == [1, 2, 3])
    }

    @Test("A feed's unreadable entries count toward the entries read")
    func feedReadCapped() throws {
        let junk = Array(repeating: "1", count: TopMusicVideosResponseDTO.maximumReadEntries)
        let entry = #"{"im:name":{"label":"late"},"id":{"attributes":{"im:id":"5"}}}"#
        let body = Data(#"{"feed":{"entry":[\#((junk + [entry]).joined(separator: ","))]}}"#.utf8)
        #expect(try JSONResponseDecoder().decode(body, as: TopMusicVideosResponseDTO.self).entries.isEmpty)
    }
}

/// A wrong shape inside an answer is named where it is, by the fast reader as by `JSONDecoder`.
@Suite("Wrong shapes are named where they are")
struct AnswerShapeTests {
    private func detail(_ body: String) async -> String? {
        let service = DefaultDataTransferService(networkService: MockNetworkService.answering(Data(body.utf8)))
        do {
            _ = try await DefaultMusicVideosRepository(dataTransferService: service)
                .searchMusicVideos(query: MusicVideoQuery(term: "x"))
        } catch {
            if case .unreadableResponse(let reason) = error { return reason }
        }
        return nil
    }

    @Test(
        "Each place is named",
        arguments: [
            (#"{"resultCount":1,"results":[[1,2]]}"#, "$.results[0]: expected an object"),
            (#"{"results":[{},{},"x"]}"#, "$.results[2]: expected an object"),
            (#"{"results":5}"#, "$.results: expected an array"),
            (#"{"resultCount":1}"#, "$.results: missing"),
            ("[1,2,3]", "top level: expected an object"),
        ])
    func named(body: String, place: String) async throws {
        let reason = try #require(await detail(body))
        #expect(reason == "the service's answer has an unexpected shape (\(place))")
        let service = DefaultDataTransferService(networkService: MockNetworkService.answering(Data(body.utf8)))
        do {
            _ = try await service.request(
                Endpoint<MusicVideosResponseDTO>(path: "search", responseDecoder: FoundationDecoder()))
            Issue.record("JSONDecoder read it")
        } catch {
            #expect(error == .parsing(.unexpectedShape(place)))
        }
    }

    /// `JSONDecoder` alone, never the fast reader.
    private struct FoundationDecoder: ResponseDecoder {
        func decode<T: Decodable>(_ data: Data, as type: T.Type) throws -> T {
            try JSONDecoder().decode(type, from: data)
        }
    }
}
