import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

/// Text fields are cut and long URLs dropped as an answer is read, so no field's length can
/// slow what draws it.
@Suite("Field lengths are bounded when an answer is read")
struct FieldBoundsTests {
    private static func search(_ row: String) async throws -> MusicVideo? {
        let body = Data(#"{"results":[{"wrapperType":"track","kind":"music-video","trackId":1,\#(row)}]}"#.utf8)
        let service = DefaultDataTransferService(networkService: MockNetworkService.answering(body))
        return try await DefaultMusicVideosRepository(dataTransferService: service)
            .searchMusicVideos(query: MusicVideoQuery(term: "x")).videos.first
    }

    @Test("A 12,000-character title, artist and collection keep 499 characters and '…'")
    func longTextCut() async throws {
        let long = String(repeating: "T", count: 12_000)
        let video = try #require(
            try await Self.search(#""trackName":"\#(long)","artistName":"\#(long)","collectionName":"\#(long)""#))
        for text in [video.title, video.artistName, video.collectionName] {
            #expect(text == String(repeating: "T", count: 499) + "…")
        }
    }

    @Test("500 characters are kept whole, 501 are cut; the bound counts characters, not bytes")
    func boundary() async throws {
        let exact = String(repeating: "é", count: 500)  // 1000 bytes
        #expect(try await Self.search(#""trackName":"\#(exact)""#)?.title == exact)
        let over = try await Self.search(#""trackName":"\#(exact)x""#)?.title
        #expect(over == String(repeating: "é", count: 499) + "…")
        #expect(over?.unicodeScalars.count == 500)
    }

    @Test("A URL over 2048 bytes is absent; one of 2048 is kept")
    func longURLDropped() async throws {
        let prefix = "https://x.test/"
        let kept = prefix + String(repeating: "a", count: 2048 - prefix.utf8.count)
        let dropped = kept + "a"
        let video = try #require(
            try await Self.search(#""trackName":"t","trackViewUrl":"\#(kept)","previewUrl":"\#(dropped)""#))
        #expect(video.trackURL?.absoluteString == kept)
        #expect(video.previewURL == nil)
    }

    @Test("JSONDecoder reads the same bounds")
    func bothDecoders() throws {
        let long = String(repeating: "A", count: 3000)
        let url = "https://x.test/" + String(repeating: "a", count: 3000)
        let data = Data(
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"\#(long)","artistViewUrl":"\#(url)"}]}"#
                .utf8)
        let fast = try JSONResponseDecoder().decode(data, as: MusicVideosResponseDTO.self)
        #expect(fast == (try JSONDecoder().decode(MusicVideosResponseDTO.self, from: data)))
        #expect(fast.results.first?.trackName?.unicodeScalars.count == 500)
        #expect(fast.results.first?.artistViewUrl == nil)
    }

    @Test("A chart entry's title and artist are cut, its long URLs dropped")
    func chartBounded() async throws {
        let long = String(repeating: "C", count: 10_000)
        let url = "https://x.test/" + String(repeating: "a", count: 3000)
        let entry =
            #"{"im:name":{"label":"\#(long)"},"im:artist":{"label":"\#(long)","attributes":{"href":"\#(url)"}},"#
            + #""id":{"label":"\#(url)","attributes":{"im:id":"7"}}}"#
        let body = Data(#"{"feed":{"entry":[\#(entry)]}}"#.utf8)
        let service = DefaultDataTransferService(networkService: MockNetworkService.answering(body))
        let video = try #require(
            try await DefaultMusicVideoChartsRepository(dataTransferService: service)
                .topMusicVideos(query: ChartQuery()).first)
        #expect(video.title == String(repeating: "C", count: 499) + "…")
        #expect(video.artistName == video.title)
        #expect(video.trackURL == nil && video.artistURL == nil)
    }
}
