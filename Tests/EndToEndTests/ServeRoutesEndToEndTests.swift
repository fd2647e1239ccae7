import Foundation
import Mocks
import Testing

/// `mvsearch serve` asked with curl, as a script would: every route, and every error status
/// with its `{"error": {...}}` body, against a loopback iTunes that answers some terms badly.
@Suite("mvsearch serve end to end: routes and statuses with curl")
struct ServeRoutesEndToEndTests {
    private static let operations = [
        "search", "lookup", "artists", "artist-videos", "top", "history", "genres", "also",
    ]

    /// iTunes as the tests want it: the fixtures, but a throttled 403 for "throttled", a 500 for
    /// "broken", no answer for "stalled" and an empty list for "nothing".
    private static func fake() throws -> LoopbackHTTPServer {
        try FakeITunes.start { request, _ in
            if FakeITunes.isSearch(request, for: "throttled") { return FakeITunes.throttled }
            if FakeITunes.isSearch(request, for: "broken") { return .response(status: 500) }
            if FakeITunes.isSearch(request, for: "stalled") { return .stall }
            if FakeITunes.isSearch(request, for: "nothing") {
                return .json(Data(#"{"resultCount":0,"results":[]}"#.utf8))
            }
            return nil
        }
    }

    @Test(
        """
        Given serve against iTunes and a search made on the command line, when curl asks every \
        route, then /v1 lists the operations, each /v1/<operation> answers its rows, \
        /openapi.json is OpenAPI 3.1 with a path per operation, and /healthz answers ok
        """)
    func everyRoute() async throws {
        let fake = try Self.fake()
        defer { fake.stop() }
        let environment = MVSearchProcess.environment()
        let searched = try await MVSearchProcess.run(
            ["--base-url", fake.baseURL.absoluteString, "--remember", "always", "--json", "4ever"],
            environment: environment)
        #expect(searched.status == 0)
        let serve = try await ServeProcess.start(fake: fake, environment: environment)

        let list = try await Curl.get("\(serve.root)/v1")
        let openAPI = try await Curl.get("\(serve.root)/openapi.json")
        let health = try await Curl.get("\(serve.root)/healthz")
        // The row counts of the fake's fixtures; genres are the domain's own list (nil: not empty).
        let answers: [(String, String, String, Int?)] = [
            ("search", "term=clairo", "videos", 4), ("lookup", "id=\(FakeITunes.trackID)", "videos", 1),
            ("artists", "term=jack%20johnson", "artists", 3),
            ("artist-videos", "artistId=\(FakeITunes.artistID)", "videos", 1),
            ("top", "limit=4", "videos", 4), ("history", "", "searches", 1), ("genres", "", "genres", nil),
        ]
        var rows: [String: [[String: Any]]] = [:]
        for (operation, query, key, count) in answers {
            let answer = try await Curl.get("\(serve.root)/v1/\(operation)?\(query)")
            #expect(answer.status == 200, "\(operation): \(String(decoding: answer.body, as: UTF8.self))")
            #expect(answer.headers["content-type"] == "application/json", "\(operation)")
            rows[operation] = answer.object?[key] as? [[String: Any]]
            let found = rows[operation]?.count ?? 0
            #expect(count.map { found == $0 } ?? (found > 0), "\(operation): \(answer.object ?? [:])")
        }
        let fields = try await Curl.get("\(serve.root)/v1/search?term=clairo&fields=id,title")
        #expect(await serve.stop() == 0)

        let listed = (list.object?["operations"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(list.status == 200 && listed == Self.operations)
        #expect(openAPI.status == 200)
        let version = openAPI.object?["openapi"] as? String
        #expect(version?.hasPrefix("3.1.") == true, "\(version ?? "none")")
        let paths = openAPI.object?["paths"] as? [String: [String: Any]]
        #expect(Set(paths?.keys.map { $0 } ?? []) == Set(Self.operations.map { "/v1/\($0)" }))
        #expect(paths?.values.allSatisfy { $0["get"] != nil } == true)
        #expect(health.status == 200 && health.object?["status"] as? String == "ok")
        #expect(rows["lookup"]?.first?["id"] as? Int == FakeITunes.trackID)
        #expect(rows["history"]?.first?["term"] as? String == "4ever")
        #expect(rows["top"]?.compactMap { $0["rank"] as? Int } == [1, 2, 3, 4])
        #expect((fields.object?["videos"] as? [[String: Any]])?.allSatisfy { Set($0.keys) == ["id", "title"] } == true)
    }

    @Test(
        """
        Given serve with --retries 0 --timeout 2, when curl asks what cannot be answered, then \
        each error has its status and code: 400 naming the parameter, 404 for nothing found and \
        an unknown route, 405 with Allow, 429 with Retry-After, 502 for iTunes' 500, 504 for a stall
        """)
    func errorStatuses() async throws {
        let fake = try Self.fake()
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake, ["--retries", "0", "--timeout", "2"])

        let limit = try await Curl.get("\(serve.root)/v1/search?term=clairo&limit=500")
        let noTerm = try await Curl.get("\(serve.root)/v1/search")
        let badID = try await Curl.get("\(serve.root)/v1/lookup?id=abc")
        let nothing = try await Curl.get("\(serve.root)/v1/search?term=nothing")
        let unknown = try await Curl.get("\(serve.root)/v2/search?term=clairo")
        let post = try await Curl.get("\(serve.root)/v1/search?term=clairo", method: "POST")
        let throttled = try await Curl.get("\(serve.root)/v1/search?term=throttled")
        let broken = try await Curl.get("\(serve.root)/v1/search?term=broken")
        let stalled = try await Curl.get("\(serve.root)/v1/search?term=stalled")
        let stallTime = stalled.duration
        #expect(await serve.stop() == 0)

        for (answer, parameter) in [(limit, "limit"), (noTerm, "term"), (badID, "id")] {
            #expect(answer.status == 400, "\(parameter): \(answer.object ?? [:])")
            #expect(answer.errorMessage?.contains(parameter) == true, "\(answer.errorMessage ?? "")")
        }
        #expect(nothing.status == 404 && nothing.errorCode == "not_found")
        #expect(unknown.status == 404 && unknown.errorCode == "not_found")
        #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
        #expect(throttled.status == 429, "\(throttled.object ?? [:])")
        #expect(throttled.headers["retry-after"].flatMap { Int($0) }.map { $0 > 0 } == true)
        #expect(broken.status == 502, "\(broken.object ?? [:])")
        #expect(stalled.status == 504, "\(stalled.object ?? [:])")
        print("serve: 504 after \(stallTime) (--timeout 2)")
        #expect(stallTime < .seconds(2 + 13))
        for answer in [limit, noTerm, badID, nothing, unknown, post, throttled, broken, stalled] {
            let error = answer.object?["error"] as? [String: Any]
            #expect(
                error?["code"] is String && error?["message"] is String && error?["hint"] is String,
                "\(answer.object ?? [:])")
        }
        // The bad arguments never reached iTunes; the throttled and broken searches did once each.
        #expect(fake.requests.filter { FakeITunes.isSearch($0, for: "throttled") }.count == 1)
        #expect(fake.requests.filter { FakeITunes.isSearch($0, for: "broken") }.count == 1)
        #expect(!fake.requests.contains { $0.target.contains("limit=500") })
    }

    @Test("Given serve whose iTunes refuses connections, when curl searches, then 503 service unavailable")
    func unreachable() async throws {
        let closed = try LoopbackHTTPServer.ClosedPort()
        defer { closed.release() }
        let serve = try await ServeProcess.start(
            fake: nil, ["--base-url", closed.baseURL.absoluteString, "--retries", "0"])

        let answer = try await Curl.get("\(serve.root)/v1/search?term=clairo")

        #expect(await serve.stop() == 0)
        #expect(answer.status == 503, "\(answer.object ?? [:])")
        #expect(answer.errorCode != nil)
    }

    @Test(
        """
        Given a rate budget of 1 request a minute (MVSEARCH_RATE=1/60) spent by a first search, \
        when curl asks another search with --timeout 2, then 429 at once with a Retry-After near \
        the minute, and iTunes is asked once
        """)
    func budgetSpent() async throws {
        let fake = try Self.fake()
        defer { fake.stop() }
        let serve = try await ServeProcess.start(
            fake: fake, ["--timeout", "2"], environment: MVSearchProcess.environment(["MVSEARCH_RATE": "1/60"]))

        let first = try await Curl.get("\(serve.root)/v1/search?term=clairo")
        let second = try await Curl.get("\(serve.root)/v1/search?term=4ever")
        let elapsed = second.duration
        #expect(await serve.stop() == 0)

        print("serve: 429 for a spent budget after \(elapsed)")
        #expect(first.status == 200)
        #expect(second.status == 429 && second.errorCode == "rate_limited", "\(second.object ?? [:])")
        let retryAfter = second.headers["retry-after"].flatMap { Int($0) } ?? 0
        #expect((30...60).contains(retryAfter), "Retry-After: \(retryAfter)")
        // At once: not after the minute the budget would have it wait.
        #expect(elapsed < .seconds(20))
        #expect(fake.requests.count == 1)
    }

    @Test(
        """
        Given a search answered with an ETag and Cache-Control max-age, when curl asks again with \
        If-None-Match, then 304 without a body; with another tag, 200 again
        """)
    func notModified() async throws {
        let fake = try Self.fake()
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake, ["-v"])
        let url = "\(serve.root)/v1/search?term=clairo"

        let first = try await Curl.get(url)
        let tag = try #require(first.headers["etag"])
        let again = try await Curl.get(url, headers: ["If-None-Match: \(tag)"])
        let other = try await Curl.get(url, headers: ["If-None-Match: \"0000000000000000\""])
        #expect(await serve.stop() == 0)

        #expect(first.status == 200)
        #expect(first.headers["cache-control"]?.contains("max-age=") == true, "\(first.headers)")
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(again.headers["etag"] == tag)
        #expect(other.status == 200 && other.body == first.body)
        // One request reached iTunes: the response cache answered the others.
        #expect(fake.requests.count == 1)
        // -v: one access-log line a request.
        let log = serve.live.errorText.split(separator: "\n").filter { $0.contains(#""GET /v1/search?term=clairo""#) }
        #expect(log.count == 3, "\(serve.live.errorText)")
        #expect(log.map { $0.split(separator: " ")[4] } == ["200", "304", "200"], "\(log)")
    }
}
