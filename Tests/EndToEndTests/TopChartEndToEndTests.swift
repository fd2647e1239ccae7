import Foundation
import Mocks
import Testing

/// `mvsearch --top`: the built binary against a loopback server answering the chart's path with
/// feeds shaped as the store's RSS generator sends them.
@Suite("mvsearch --top end to end")
struct TopChartEndToEndTests {
    private static let fixture = "rss-topmusicvideos-us-built-from-api-facts"

    /// A server answering `path` with `body` (as the feed's `application/json`), anything else with 404.
    private func serve(_ body: Data, at path: String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, _ in
            guard request.target == path else { return .response(status: 404) }
            return .response(status: 200, headers: [("Content-Type", "application/json")], body: body)
        }
    }

    /// The fixture with its `feed` changed by `edit`.
    private func feed(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var document = try #require(
            try JSONSerialization.jsonObject(with: try Fixture.data(Self.fixture)) as? [String: Any])
        var feed = try #require(document["feed"] as? [String: Any])
        edit(&feed)
        document["feed"] = feed
        return try JSONSerialization.data(withJSONObject: document)
    }

    @Test("--top --json: the chart at {cc}/rss/topmusicvideos/limit=25/json, objects ranked in feed order")
    func json() async throws {
        let server = try serve(try Fixture.data(Self.fixture), at: "/us/rss/topmusicvideos/limit=25/json")
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "--top", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(server.requests.map(\.target) == ["/us/rss/topmusicvideos/limit=25/json"])
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["rank"] as? Int } == [1, 2, 3, 4])
        #expect(objects.map { $0["id"] as? Int } == [1_666_738_524, 1_662_453_386, 1_456_781_234, 1_700_000_001])
        #expect(objects.first?["title"] as? String == "Flowers")
        #expect(objects.first?["artistId"] as? Int == 137_057_909)
        #expect(objects.first?["durationSeconds"] as? Int == 214)
        #expect(objects.first?["price"] as? Double == 1.99)
        #expect(objects.last?["artist"] is NSNull)  // the entry without most fields is still a row
        #expect(result.stdout.split(separator: "\n")[1].hasPrefix(#"  {"rank":1,"id":1666738524,"#))
    }

    @Test("-l 1 -c gb --genre 14: one entry as one object is a chart of one, plain")
    func oneObject() async throws {
        let body = try feed { feed in feed["entry"] = (feed["entry"] as? [Any])?.first }
        let server = try serve(body, at: "/gb/rss/topmusicvideos/limit=1/genre=14/json")
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--top", "-l", "1", "-c", "gb", "--genre", "14"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.hasPrefix("1\t1666738524\tMiley Cyrus\tFlowers\t"))
        #expect(server.requests.count == 1)
    }

    @Test("--genre 9999: a feed without `entry` is an empty chart, exit 1 with one line naming it")
    func empty() async throws {
        let body = try feed { feed in feed["entry"] = nil }
        let server = try serve(body, at: "/us/rss/topmusicvideos/limit=25/genre=9999/json")
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--top", "--genre", "9999"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("mvsearch: the top music videos chart in US (genre 9999) is empty"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(server.requests.count == 1)
    }

    @Test("Cached like the rest: a second --top makes no request and prints the same; --offline answers from the cache")
    func cached() async throws {
        let server = try serve(try Fixture.data(Self.fixture), at: "/us/rss/topmusicvideos/limit=25/json")
        defer { server.stop() }
        var environment = MVSearchProcess.environment()
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        let first = try await MVSearchProcess.run(["--top", "--json"], environment: environment)
        let second = try await MVSearchProcess.run(["--top", "--json"], environment: environment)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout.hasPrefix("[\n  {\"rank\":1,"))
        #expect(second.stdout == first.stdout)
        #expect(server.requests.count == 1)
        let offline = try await MVSearchProcess.run(["--offline", "--top", "--json"], environment: environment)
        #expect(offline.status == 0)
        #expect(offline.stderr.isEmpty)
        #expect(offline.stdout == first.stdout)
        #expect(server.requests.count == 1)
    }

    @Test("--top --limit 500 exits 64 without a request")
    func usage() async throws {
        let server = try serve(try Fixture.data(Self.fixture), at: "/us/rss/topmusicvideos/limit=25/json")
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--top", "--limit", "500"])
        #expect(result.status == 64)
        #expect(result.stderr == "mvsearch: the limit 500 is out of range — use --limit 1 to 200\n")
        #expect(server.requests.isEmpty)
    }
}
