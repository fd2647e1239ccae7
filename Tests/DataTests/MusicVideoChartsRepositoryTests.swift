import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

/// The top music videos chart through the real data transfer service and decoder
/// (`JSONResponseDecoder`), over a mock network service answering with the feed's quirks.
@Suite("The charts repository")
struct MusicVideoChartsRepositoryTests {
    private func repository(_ network: MockNetworkService) -> DefaultMusicVideoChartsRepository {
        DefaultMusicVideoChartsRepository(dataTransferService: DefaultDataTransferService(networkService: network))
    }

    /// The chart decoded from `body` (a whole feed).
    private func chart(_ body: String, query: ChartQuery = ChartQuery()) async throws -> [MusicVideo] {
        try await repository(MockNetworkService.answering(Data(body.utf8))).topMusicVideos(query: query)
    }

    /// A feed whose `entry` is this JSON text (`nil`: no `entry` key at all).
    private func feed(entry: String?) -> String {
        let entry = entry.map { #""entry":\#($0),"# } ?? ""
        return
            #"{"feed":{"author":{"name":{"label":"iTunes Store"}},\#(entry)"title":{"label":"iTunes Store: Top Music Videos"}}}"#
    }

    /// An entry with an id, a title and, optionally, more fields (JSON members, comma-separated).
    private func entry(id: String, name: String, _ more: String = "") -> String {
        #"{"im:name":{"label":"\#(name)"},"id":{"label":"https://music.apple.com/us/music-video/x/1?uo=2","#
            + #""attributes":{"im:id":\#(id)}}\#(more.isEmpty ? "" : "," + more)}"#
    }

    private static let day: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()

    @Test("The recorded-shape feed: every entry in chart order, the first mapped field by field")
    func fixture() async throws {
        let network = MockNetworkService.answering(try Fixture.data("rss-topmusicvideos-us-built-from-api-facts"))
        let videos = try await repository(network).topMusicVideos(query: ChartQuery(country: "US", limit: 4))
        #expect(network.endpoints.map(\.path) == ["us/rss/topmusicvideos/limit=4/json"])
        #expect(network.endpoints.first?.queryItems.isEmpty == true)
        #expect(videos.map(\.id) == [1_666_738_524, 1_662_453_386, 1_456_781_234, 1_700_000_001])
        #expect(
            videos.map(\.title) == [
                "Flowers", "Kill Bill", "Are You Bored Yet? (feat. Clairo)", "Untitled (missing fields)",
            ])

        let first = try #require(videos.first)
        #expect(first.artistName == "Miley Cyrus")
        #expect(first.artistID == 137_057_909)  // from …/artist/x/137057909?uo=2
        #expect(first.artistURL == URL(string: "https://music.apple.com/us/artist/x/137057909?uo=2"))
        #expect(first.price == Decimal(string: "1.99"))  // attributes.amount "1.99000", not the label "$1.99"
        #expect(first.currency == "USD")
        #expect(first.duration == 214)  // im:duration 214000 ms
        #expect(first.genre == "Pop")
        #expect(first.releaseDate.map(Self.day.string(from:)) == "2023-01-12")
        #expect(first.trackURL == URL(string: "https://music.apple.com/us/music-video/x/1666738524?uo=2"))
        #expect(
            first.previewURL == URL(string: "https://video-ssl.itunes.apple.com/itunes-assets/Video/1666738524.m4v"))
        #expect(  // the largest image: the last
            first.artworkURL == URL(string: "https://is1-ssl.mzstatic.com/image/thumb/Video/1666738524/100x100bb.png"))
        // What the chart does not say is left out (a lookup by id has it).
        #expect(first.collectionName == nil && first.collectionPrice == nil && first.country == nil)
        #expect(first.explicitness == .unknown)
        #expect(videos[1].duration == 153 && videos[1].artistID == 605_800_394 && videos[1].genre == "R&B/Soul")
    }

    @Test("Each video keeps its place in the feed: 1, (no id), 3, (1 again), 5 are at 1, 3, 4, 5; distinct 1, 3, 5")
    func feedPositions() async throws {
        let entries = [
            entry(id: #""1""#, name: "one"), #"{"im:name":{"label":"no id"}}"#, entry(id: #""3""#, name: "three"),
            entry(id: #""1""#, name: "one again"), entry(id: #""5""#, name: "five"),
        ]
        let videos = try await chart(feed(entry: "[" + entries.joined(separator: ",") + "]"))
        #expect(videos.map(\.id) == [1, 3, 1, 5])
        #expect(videos.map(\.chartPosition) == [1, 3, 4, 5])
        let network = MockNetworkService.answering(Data(feed(entry: "[" + entries.joined(separator: ",") + "]").utf8))
        let page = try await DefaultFetchTopMusicVideosUseCase(repository: repository(network))
            .execute(query: ChartQuery())
        #expect(page.items.map(\.chartPosition) == [1, 3, 5])
    }

    @Test("The 4th entry lacks most fields: still a video, what it lacks is nil, its page is its id's label")
    func missingFields() async throws {
        let videos = try await repository(
            MockNetworkService.answering(try Fixture.data("rss-topmusicvideos-us-built-from-api-facts"))
        ).topMusicVideos(query: ChartQuery(limit: 4))
        let last = try #require(videos.last)
        #expect(last.id == 1_700_000_001)
        #expect(last.title == "Untitled (missing fields)")
        #expect(last.artistName == nil && last.artistID == nil && last.artistURL == nil)
        #expect(last.price == nil && last.currency == nil)
        #expect(last.releaseDate == nil && last.duration == nil && last.genre == nil)
        #expect(last.previewURL == nil && last.artworkURL == nil)
        #expect(last.trackURL == URL(string: "https://music.apple.com/us/music-video/x/1700000001?uo=2"))
    }

    @Test("The path carries the parameters: the country in lower case, the limit, the genre before json")
    func endpointPath() {
        let plain = APIEndpoints.topMusicVideos(with: ChartQuery(country: "GB", limit: 10))
        #expect(plain.path == "gb/rss/topmusicvideos/limit=10/json")
        #expect(plain.queryItems.isEmpty)
        #expect(plain.method == .get)
        let genre = APIEndpoints.topMusicVideos(with: ChartQuery(country: "GB", limit: 10, genreID: 14))
        #expect(genre.path == "gb/rss/topmusicvideos/limit=10/genre=14/json")
        #expect(APIEndpoints.topMusicVideos(with: ChartQuery(country: "JP", limit: 200)).path.hasPrefix("jp/rss/"))
    }

    @Test("The query reaches the path as given to the repository")
    func queryInPath() async throws {
        let network = MockNetworkService.answering(Data(feed(entry: nil).utf8))
        _ = try await repository(network).topMusicVideos(query: ChartQuery(country: "FR", limit: 3, genreID: 21))
        #expect(network.endpoints.map(\.path) == ["fr/rss/topmusicvideos/limit=3/genre=21/json"])
    }

    @Test("`entry` as one object (limit=1) is a chart of one")
    func oneObject() async throws {
        let videos = try await chart(feed(entry: entry(id: #""42""#, name: "Only")), query: ChartQuery(limit: 1))
        #expect(videos.map(\.id) == [42])
        #expect(videos.map(\.title) == ["Only"])
    }

    @Test("`entry` absent (an empty chart), null or an empty array is an empty chart, not a failure")
    func noEntry() async throws {
        #expect(try await chart(feed(entry: nil)).isEmpty)
        #expect(try await chart(feed(entry: "null")).isEmpty)
        #expect(try await chart(feed(entry: "[]")).isEmpty)
    }

    @Test("An answer that is not a feed at all is unreadable")
    func notAFeed() async {
        for body in [#"{"resultCount":0,"results":[]}"#, "<html>not found</html>", #"{"feed":[]}"#] {
            await #expect {
                _ = try await chart(body)
            } throws: { error in
                guard case .unreadableResponse = error as? CatalogError else { return false }
                return true
            }
        }
    }

    @Test("Ids are strings or numbers; an entry with a non-numeric, zero or missing id, or no title, is skipped")
    func ids() async throws {
        let entries = [
            entry(id: #""101""#, name: "String id"),
            entry(id: #""abc""#, name: "Not a number"),
            entry(id: "102", name: "Number id"),
            entry(id: #""0""#, name: "Zero"),
            entry(id: #""-5""#, name: "Negative"),
            #"{"im:name":{"label":"No id"}}"#,
            #"{"id":{"attributes":{"im:id":"103"}}}"#,  // no title
            entry(id: #""104""#, name: "Last"),
        ]
        let videos = try await chart(feed(entry: "[" + entries.joined(separator: ",") + "]"))
        #expect(videos.map(\.id) == [101, 102, 104])
        #expect(videos.map(\.title) == ["String id", "Number id", "Last"])
    }

    @Test("An entry that is not an object is skipped; the entries around it are kept in order")
    func notAnObject() async throws {
        let entries = [entry(id: #""1""#, name: "A"), #""oops""#, "7", "null", "[]", entry(id: #""2""#, name: "B")]
        let videos = try await chart(feed(entry: "[" + entries.joined(separator: ",") + "]"))
        #expect(videos.map(\.id) == [1, 2])
    }

    @Test("Numbers where the feed has strings are read as their text: amount, duration, a label")
    func numbersForStrings() async throws {
        let more = [
            #""im:price":{"label":"$2.49","attributes":{"amount":2.49,"currency":"EUR"}}"#,
            #""link":[{"attributes":{"rel":"enclosure","href":"https://video.example/p.m4v"},"#
                + #""im:duration":{"label":95500}}]"#,
            #""im:artist":{"label":2,"attributes":{"href":"https://music.apple.com/gb/artist/x/id55?uo=2"}}"#,
        ].joined(separator: ",")
        let video = try #require(try await chart(feed(entry: entry(id: "9", name: "Priced", more))).first)
        #expect(video.price == Decimal(string: "2.49"))
        #expect(video.currency == "EUR")
        #expect(video.duration == 95.5)
        #expect(video.artistName == "2")
        #expect(video.artistID == 55)  // an `…/id55` page
        #expect(video.previewURL == URL(string: "https://video.example/p.m4v"))
    }

    @Test("A row not for sale (amount -1.00000, as the store sends it) has no price, never a negative one")
    func notForSale() async throws {
        let entries = ["-1.00000", "-1", "-0.01", "0"].enumerated().map { index, amount in
            entry(
                id: "\(index + 1)", name: "Row \(index)",
                #""im:price":{"label":"$\#(amount)","attributes":{"amount":"\#(amount)","currency":"USD"}}"#)
        }
        let videos = try await chart(feed(entry: "[" + entries.joined(separator: ",") + "]"))
        #expect(videos.map(\.price) == [nil, nil, nil, Decimal(0)])
    }

    @Test("Values of the wrong kind are absent, not a failure: an unwrapped label, an object for a string")
    func wrongKinds() async throws {
        let more = [
            #""im:artist":"Bare string""#,
            #""im:price":{"label":"$1","attributes":{"amount":{"value":1},"currency":["USD"]}}"#,
            #""category":{"attributes":{"label":true}}"#,
            #""im:image":{"label":"https://img.example/only.png"}"#,  // one object, not an array
        ].joined(separator: ",")
        let video = try #require(try await chart(feed(entry: entry(id: "9", name: "Odd", more))).first)
        #expect(video.id == 9)
        #expect(video.artistName == nil)
        #expect(video.price == nil && video.currency == nil)
        #expect(video.genre == nil)
        #expect(video.artworkURL == URL(string: "https://img.example/only.png"))
    }

    @Test("The page comes from the alternate link before the id's label; URLs that are not http(s) are dropped")
    func urls() async throws {
        let more = [
            #""im:artist":{"label":"A","attributes":{"href":"javascript:alert(1)"}}"#,
            #""link":[{"attributes":{"rel":"enclosure","href":"file:///etc/passwd"}},"#
                + #"{"attributes":{"rel":"alternate","href":"ftp://store.example/v"}}]"#,
            #""im:image":[{"label":"https://img.example/53.png"},{"label":"data:image/png;base64,AAAA"}]"#,
        ].joined(separator: ",")
        let links =
            #"{"im:name":{"label":"Links"},"id":{"label":"mailto:x@example.com","attributes":{"im:id":"9"}},"#
            + more + "}"
        let video = try #require(try await chart(feed(entry: links)).first)
        #expect(video.id == 9)
        #expect(video.artistURL == nil && video.artistID == nil)
        #expect(video.previewURL == nil)
        #expect(video.trackURL == nil)
        #expect(video.artworkURL == nil)  // the last image is the largest; it is not http(s)

        let paged = [
            #""link":{"attributes":{"rel":"alternate","href":"https://music.apple.com/us/music-video/x/9"}}"#,
            #""im:artist":{"label":"B","attributes":{"href":"http://itunes.apple.com/us/artist/b/id77?uo=4"}}"#,
        ].joined(separator: ",")
        let linked = try #require(try await chart(feed(entry: entry(id: "9", name: "Linked", paged))).first)
        #expect(linked.trackURL == URL(string: "https://music.apple.com/us/music-video/x/9"))
        #expect(linked.artistURL == URL(string: "http://itunes.apple.com/us/artist/b/id77?uo=4"))
        #expect(linked.artistID == 77)
    }

    @Test("The response cache keeps a chart: the second request is answered from it, mapped alike; --offline too")
    func cached() async throws {
        let network = MockNetworkService.answering(try Fixture.data("rss-topmusicvideos-us-built-from-api-facts"))
        let store = InMemoryResponseCacheStore()
        let configuration = APINetworkConfiguration(baseURL: try #require(URL(string: "https://example.test/")))
        func cachingRepository(_ mode: CachingDataTransferService.Mode) -> DefaultMusicVideoChartsRepository {
            DefaultMusicVideoChartsRepository(
                dataTransferService: CachingDataTransferService(
                    wrapping: DefaultDataTransferService(networkService: network), store: store,
                    configuration: configuration, timeToLive: 3600, mode: mode))
        }
        let query = ChartQuery(limit: 4, genreID: 14)
        let fetched = try await cachingRepository(.normal).topMusicVideos(query: query)
        #expect(fetched.count == 4)
        #expect(try await cachingRepository(.normal).topMusicVideos(query: query) == fetched)
        #expect(try await cachingRepository(.offline).topMusicVideos(query: query) == fetched)
        #expect(network.endpoints.count == 1)
        #expect(store.stored.count == 1)
    }

    @Test("Failures map like every other endpoint's: 403 is rate limiting, 503 unavailable")
    func failures() async {
        let cases: [(Int, CatalogError)] = [
            (403, .rateLimited(retryAfter: nil)), (503, .serviceUnavailable(statusCode: 503)),
        ]
        for (status, expected) in cases {
            let network = MockNetworkService.failing(with: .httpStatus(HTTPFailure(statusCode: status, body: Data())))
            await #expect(throws: expected) {
                _ = try await repository(network).topMusicVideos(query: ChartQuery())
            }
        }
    }
}
