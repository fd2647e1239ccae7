import Foundation
import Mocks
import Testing

/// The interactive session, the lookups and recent searches, on the built binary.
@Suite("mvsearch end to end: session, lookups, history")
struct SessionEndToEndTests {
    /// Answers like iTunes: `/search` with the recorded Clairo search, `/lookup?id=…` with the
    /// row of that id, `/lookup?id=…&entity=musicVideo` with an artist row followed by videos.
    private static func server() throws -> LoopbackHTTPServer {
        let search = try Fixture.data("search-musicvideo-clairo")
        let object = try JSONSerialization.jsonObject(with: search) as? [String: Any]
        let rows: [Row] = try (object?["results"] as? [[String: Any]] ?? []).map {
            Row(
                trackID: "\($0["trackId"] ?? "")", artistID: "\($0["artistId"] ?? "")",
                json: try JSONSerialization.data(withJSONObject: $0))
        }
        return try LoopbackHTTPServer { request, _ in
            guard let components = URLComponents(string: request.target) else { return .response(status: 400) }
            let items = components.queryItems ?? []
            let id = items.first { $0.name == "id" }?.value ?? ""
            switch components.path {
            case "/search":
                return .json(search)
            case "/lookup" where items.contains { $0.name == "entity" }:
                let artist = Data(
                    #"{"wrapperType":"artist","artistType":"Artist","artistName":"Clairo","artistId":\#(Int(id) ?? 0)}"#
                        .utf8)
                return .json(Self.envelope([artist] + rows.filter { $0.artistID == id }.map(\.json)))
            case "/lookup":
                return .json(Self.envelope(rows.filter { $0.trackID == id }.map(\.json)))
            default:
                return .response(status: 404)
            }
        }
    }

    private struct Row: Sendable {
        let trackID: String
        let artistID: String
        let json: Data
    }

    private static func envelope(_ rows: [Data]) -> Data {
        Data("\n\n\n{\"resultCount\":\(rows.count),\"results\":[".utf8) + Data(rows.joined(separator: Data(",".utf8)))
            + Data("]}\n".utf8)
    }

    private func run(
        _ arguments: [String], input: String? = nil, server: LoopbackHTTPServer, environment: [String: String]? = nil
    ) async throws
        -> MVSearchProcess.Result
    {
        var environment = environment ?? MVSearchProcess.environment()
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        guard let input else { return try await MVSearchProcess.run(arguments, environment: environment) }
        return try await MVSearchProcess.run(["-i"] + arguments, environment: environment, input: Data(input.utf8))
    }

    @Test(
        "printf 'jack johnson\\n1\\nb\\nq\\n' | mvsearch -i shows the list, the first video, the list again, and exits 0"
    )
    func pipedSession() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await run([], input: "jack johnson\n1\nb\nq\n", server: server)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let list = "Music videos for \"jack johnson\", 1–4\n#  Title"
        #expect(result.stdout.components(separatedBy: list).count == 3)
        #expect(result.stdout.contains("Title             Are You Bored Yet? (feat. Clairo)\n"))
        #expect(result.stdout.hasSuffix("> q\n"))
        #expect(server.requests.count == 1)
    }

    @Test("In a session, a on a video lists the artist's videos through the lookup endpoint")
    func artistInSession() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await run([], input: "clairo\n2\na\nq\n", server: server)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Music videos by Clairo\n"))
        #expect(server.requests.last?.target == "/lookup?id=1187613837&entity=musicVideo&limit=25&country=US")
    }

    @Test("--id shows one video's details; an unknown id exits 1")
    func lookup() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let json = try await run(["--id", "1378778940", "--json"], server: server)
        #expect(json.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["title"] as? String == "4Ever")
        let table = try await MVSearchProcess.runInTerminal(
            ["--id", "1378778940", "--no-color"],
            environment: MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString]))
        #expect(table.stdout.hasPrefix("Title             4Ever\nArtist            Clairo\n"))
        let missing = try await run(["--id", "5"], server: server)
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.hasPrefix("mvsearch: no music video has the id 5"))
        #expect(server.requests.map(\.target).first == "/lookup?id=1378778940&country=US")
    }

    @Test("--artist-id lists the artist's videos, skipping the artist row; none exits 1")
    func artist() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await run(["--artist-id", "1187613837", "-l", "5"], server: server)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map { $0.split(separator: "\t").first } == ["1378778940"])
        #expect(server.requests.first?.target == "/lookup?id=1187613837&entity=musicVideo&limit=5&country=US")
        let none = try await run(["--artist-id", "42"], server: server)
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("mvsearch: no music videos found for artist 42"))
    }

    @Test("A corrupted history file: one warning, the results all the same, and a good file afterwards")
    func corruptedHistory() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let environment = MVSearchProcess.environment()
        let folder = URL(fileURLWithPath: try #require(environment["XDG_STATE_HOME"])).appendingPathComponent(
            "mvsearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\u{0}garbage".utf8).write(to: folder.appendingPathComponent("recent-searches.json"))
        // A script's search (stdout a pipe) is kept only with remember = always.
        let search = try await run(["--remember", "always", "clairo"], server: server, environment: environment)
        #expect(search.status == 0)
        #expect(search.stdout.split(separator: "\n").count == 4)
        #expect(search.stderr.hasPrefix("mvsearch: warning: "))
        #expect(search.stderr.split(separator: "\n").count == 1)
        let history = try await run(["--history"], server: server, environment: environment)
        #expect(history.stdout == "clairo\n")
        #expect(history.stderr.isEmpty)
    }

    @Test("Eight processes searching at once leave a valid history holding every term not reported as dropped")
    func concurrentProcesses() async throws {
        let server = try Self.server()
        defer { server.stop() }
        var environment = MVSearchProcess.environment()
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        environment["MVSEARCH_REMEMBER"] = "always"  // scripts' searches (stdout a pipe) are kept only so
        let terms = (1...8).map { "term\($0)" }
        let running = try terms.map { try MVSearchProcess.launch([$0], environment: environment) }
        var results: [MVSearchProcess.Result] = []
        for process in running { results.append(await process.finish()) }
        #expect(results.map(\.status) == Array(repeating: 0, count: 8))
        // A process that waited more than 2 s for the lock (a loaded machine) drops its term,
        // and says so: no term is lost silently.
        let dropped = zip(terms, results).filter { $0.1.stderr.contains("recent searches not saved") }.map(\.0)
        #expect(results.allSatisfy { $0.stderr.isEmpty || $0.stderr.contains("recent searches not saved") })
        let history = try await MVSearchProcess.run(["--history", "--json"], environment: environment)
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [String])
        #expect(Set(stored) == Set(terms).subtracting(dropped))
    }
}
