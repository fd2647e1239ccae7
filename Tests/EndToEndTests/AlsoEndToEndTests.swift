import Foundation
import Mocks
import Testing

/// `mvsearch --also N`: the built binary against a loopback iTunes that answers the video's
/// lookup, its collection's and its artist's (fixtures built from the recorded shapes), on the
/// command line, through `serve` and through `mcp`.
@Suite("mvsearch --also end to end")
struct AlsoEndToEndTests {
    /// "Bags", in the visual album 1477000000 by Clairo (1187613837).
    private static let video = 1_477_000_001
    private static let collection = 1_477_000_000
    private static let artist = 1_187_613_837
    /// Its collection's others (Sofia, Alewife), then its artist's others (4Ever, Pretty Girl).
    private static let related = [1_477_000_002, 1_477_000_003, 1_378_778_940, 1_300_000_001]

    /// iTunes answering the three lookups by id; anything else is 404, an id it does not know an
    /// empty list.
    private static func fake() throws -> LoopbackHTTPServer {
        let video = try Fixture.data("lookup-musicvideo-in-collection-built-from-api-facts")
        let collection = try Fixture.data("lookup-collection-musicvideos-built-from-api-facts")
        let artist = try Fixture.data("lookup-artist-musicvideos-built-from-api-facts")
        let empty = Data(#"{"resultCount":0,"results":[]}"#.utf8)
        return try LoopbackHTTPServer { request, _ in
            guard let components = URLComponents(string: request.target), components.path == "/lookup" else {
                return .response(status: 404)
            }
            let items = components.queryItems ?? []
            let id = Int(items.first { $0.name == "id" }?.value ?? "") ?? 0
            let related = items.contains(URLQueryItem(name: "entity", value: "musicVideo"))
            switch (id, related) {
            case (Self.video, false): return .json(video)
            case (Self.collection, true): return .json(collection)
            case (Self.artist, true): return .json(artist)
            default: return .json(empty)
            }
        }
    }

    private static func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
    }

    private static func ids(ofLines text: String) -> [Int] {
        text.split(separator: "\n").compactMap { Int($0.split(separator: "\t").first ?? "") }
    }

    @Test(
        """
        Given a video in a collection, when --also runs piped, then plain lines list the collection's \
        others then the artist's, each once, the video left out, after three lookups with the country
        """)
    func plain() async throws {
        let server = try Self.fake()
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--also", "\(Self.video)", "-c", "gb"], environment: Self.environment(server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(Self.ids(ofLines: result.stdout) == Self.related)
        // Plain as every list of videos: id, artist, title, year, time, price, page.
        #expect(
            result.stdout.split(separator: "\n").first?.split(separator: "\t").prefix(3) == [
                "1477000002", "Clairo", "Sofia",
            ])
        #expect(
            server.requests.map(\.target) == [
                "/lookup?id=1477000001&country=GB",
                "/lookup?id=1477000000&entity=musicVideo&limit=26&country=GB",
                "/lookup?id=1187613837&entity=musicVideo&limit=26&country=GB",
            ])
    }

    @Test("Given -l 2, then two rows, and the collection alone answers them: the artist is not asked")
    func limit() async throws {
        let server = try Self.fake()
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--also", "\(Self.video)", "-l", "2"], environment: Self.environment(server))
        #expect(result.status == 0)
        #expect(Self.ids(ofLines: result.stdout) == Array(Self.related.prefix(2)))
        #expect(server.requests.count == 2)
    }

    @Test(
        "--json: objects with the search rows' keys; --json id,title: those keys; jsonl: an object a line; table: a header"
    )
    func formats() async throws {
        let server = try Self.fake()
        defer { server.stop() }
        let environment = Self.environment(server)
        let json = try await MVSearchProcess.run(["--also", "\(Self.video)", "--json"], environment: environment)
        #expect(json.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.compactMap { $0["id"] as? Int } == Self.related)
        let keys: Set<String> = [
            "id", "title", "artist", "artistId", "collection", "releaseDate", "durationSeconds", "genre", "explicit",
            "country", "currency", "price", "url", "artistUrl", "previewUrl", "artworkUrl",
        ]
        #expect(objects.allSatisfy { Set($0.keys) == keys })
        #expect(objects.first?["collection"] as? String == "Immunity (Visual Album)")
        #expect(objects.first?["price"] is NSNull)  // -1.0 in the answer: not sold on its own.

        let some = try await MVSearchProcess.run(
            ["--also", "\(Self.video)", "--json", "id,title"], environment: environment)
        let pairs = try #require(try JSONSerialization.jsonObject(with: Data(some.stdout.utf8)) as? [[String: Any]])
        #expect(pairs.allSatisfy { Set($0.keys) == ["id", "title"] })
        #expect(pairs.count == 4)

        let lines = try await MVSearchProcess.run(
            ["--also", "\(Self.video)", "--format", "jsonl"], environment: environment)
        let perLine = lines.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
        #expect(perLine.compactMap { ($0 as? [String: Any])?["id"] as? Int } == Self.related)

        let table = try await MVSearchProcess.run(
            ["--also", "\(Self.video)", "--format", "table"], environment: environment)
        let rows = table.stdout.split(separator: "\n")
        #expect(rows.first?.split(separator: " ").prefix(2) == ["#", "Title"])
        #expect(rows.count == 5)
        // Every answer came from the cache after the first run.
        #expect(server.requests.count == 3)
    }

    @Test("Given one run, when --offline --also runs, then the same rows come from the cache with no request")
    func offline() async throws {
        let server = try Self.fake()
        defer { server.stop() }
        let environment = Self.environment(server)
        let first = try await MVSearchProcess.run(["--also", "\(Self.video)"], environment: environment)
        #expect(first.status == 0)
        let asked = server.requests.count
        let offline = try await MVSearchProcess.run(["--offline", "--also", "\(Self.video)"], environment: environment)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == first.stdout)
        #expect(server.requests.count == asked)
        let other = try await MVSearchProcess.run(["--offline", "--also", "42"], environment: environment)
        #expect(other.status == 69)
    }

    @Test(
        "Given an id with no other video, or no such video, then exit 1 with one line; a bad id exits 64 asking nothing"
    )
    func statuses() async throws {
        let server = try Self.fake()
        defer { server.stop() }
        let environment = Self.environment(server)
        let none = try await MVSearchProcess.run(["--also", "42"], environment: environment)
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr == "mvsearch: no music video 42 in US — check the id, or try another --country\n")
        for bad in [["--also", "0"], ["--also", "abc"], ["--also", "-3"], ["--also"], ["--also", "5", "clairo"]] {
            let refused = try await MVSearchProcess.run(bad, environment: environment)
            #expect(refused.status == 64, "\(bad): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        #expect(server.requests.map(\.target) == ["/lookup?id=42&country=US"])
    }

    @Test("Given serve, then /v1/also?id=… answers the rows in order, and an id with none 404")
    func serve() async throws {
        let fake = try Self.fake()
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake)
        let answer = try await Curl.get("\(serve.root)/v1/also?id=\(Self.video)&limit=3")
        let missing = try await Curl.get("\(serve.root)/v1/also?id=42")
        let bad = try await Curl.get("\(serve.root)/v1/also?id=zero")
        #expect(await serve.stop() == 0)
        #expect(answer.status == 200)
        let videos = answer.object?["videos"] as? [[String: Any]]
        #expect(videos?.compactMap { $0["id"] as? Int } == Array(Self.related.prefix(3)))
        #expect(missing.status == 404)
        #expect(bad.status == 400)
    }

    @Test("Given mcp, then tools/call mvsearch_also answers the rows as structured content")
    func mcp() async throws {
        let fake = try Self.fake()
        defer { fake.stop() }
        let server = try LiveProcess(["mcp", "--base-url", fake.baseURL.absoluteString])
        try server.write(
            [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mvsearch_also","arguments":{"id":\#(Self.video),"limit":10}}}"#,
            ].joined(separator: "\n") + "\n")
        var answer: [String: Any]?
        while answer == nil, let line = await server.nextLine(timeout: 60) {
            let message = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if message?["id"] as? Int == 2 { answer = message }
        }
        server.closeInput()
        #expect(await server.exitStatus() == 0)
        let result = try #require(answer?["result"] as? [String: Any], "\(answer ?? [:]) \(server.errorText)")
        #expect(result["isError"] as? Bool == false)
        let videos = (result["structuredContent"] as? [String: Any])?["videos"] as? [[String: Any]]
        #expect(videos?.compactMap { $0["id"] as? Int } == Self.related)
    }
}
