import Foundation
import Mocks
import Testing

/// `--pick` in a script: what it finds decides before any screen is drawn, as fzf's `--exit-0`
/// and `--select-1` do, so a script can tell "nothing found" (1) from "cancelled" (130).
@Suite("mvsearch end to end: the picker in scripts")
struct PickScriptEndToEndTests {
    /// What the alternate screen's switch looks like: a pick that never opened never sent it.
    private static let enterScreen = "\u{1B}[?1049h"

    /// Answers every search with `body`.
    private static func server(_ body: Data) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _, _ in .json(body) }
    }

    /// The recorded Clairo search cut to its first `count` results.
    private static func clairo(first count: Int) throws -> Data {
        let recorded = try Fixture.data("search-musicvideo-clairo")
        var object = try #require(try JSONSerialization.jsonObject(with: recorded) as? [String: Any])
        let results = try #require(object["results"] as? [Any])
        object["results"] = Array(results.prefix(count))
        object["resultCount"] = min(count, results.count)
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// Whether the process ends within `timeout` with nothing typed.
    private static func endsByItself(_ terminal: PseudoTerminal, timeout: TimeInterval) -> Bool {
        terminal.process.waitUntilExit(timeout: timeout, thenSending: nil)
    }

    /// Runs `mvsearch --pick …` on a terminal with stdout in a file, typing nothing.
    /// - Returns: The status, stderr, stdout, what the terminal was sent, and the server's requests.
    private func pick(_ arguments: [String], answering body: Data) async throws
        -> (status: Int32, stderr: String, stdout: String, terminal: String, requests: Int)
    {
        let server = try Self.server(body)
        defer { server.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-pick-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let environment = MVSearchProcess.environment([
            "TERM": "xterm-256color", "MVSEARCH_BASE_URL": server.baseURL.absoluteString,
        ])
        let terminal = try PseudoTerminal.picker(arguments, environment: environment, output: file.path)
        // A pick that opened its screen would wait for keys: past the deadline it is told q.
        let ended = await MVSearchProcess.offPool { Self.endsByItself(terminal, timeout: 20) }
        #expect(ended, "the pick waited for keys: \(terminal.output.debugDescription)")
        if !ended { terminal.send("q") }
        let (status, stderr) = await MVSearchProcess.offPool { terminal.finish() }
        let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return (status, stderr, written, terminal.output, server.requests.count)
    }

    @Test(
        "Given a search that finds nothing, when --pick runs, then it exits 1 at once with the one-shot's message, no screen"
    )
    func nothingFound() async throws {
        let empty = Data(#"{"resultCount":0,"results":[]}"#.utf8)
        let picked = try await pick(["--pick", "zzzz"], answering: empty)
        #expect(picked.status == 1, "\(picked.stderr)")
        #expect(picked.stderr.hasPrefix("mvsearch: no music videos found for \"zzzz\""), "\(picked.stderr)")
        #expect(picked.stdout.isEmpty)
        #expect(!picked.terminal.contains(Self.enterScreen), "\(picked.terminal.debugDescription)")
        #expect(picked.requests == 1)
    }

    @Test(
        "Given one video found, when --pick --select-1 runs, then that row is printed as the picker prints it, no screen"
    )
    func selectOne() async throws {
        let picked = try await pick(
            ["--pick", "--select-1", "--format", "jsonl", "--json", "id,title", "clairo"],
            answering: Self.clairo(first: 1))
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stderr.isEmpty, "\(picked.stderr)")
        #expect(picked.stdout.hasPrefix("{\"id\":"), "\(picked.stdout)")
        #expect(picked.stdout.filter { $0 == "\n" }.count == 1, "\(picked.stdout)")
        #expect(!picked.terminal.contains(Self.enterScreen))
    }

    @Test(
        "Given an artist with one video, when --pick --select-1 --artist-id runs, then that row is printed, no screen; with --artists (no videos) 64"
    )
    func selectOneFromAList() async throws {
        let picked = try await pick(
            ["--pick", "--select-1", "--format", "jsonl", "--json", "id", "--artist-id", "1187613837"],
            answering: Self.clairo(first: 1))
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stdout.hasPrefix("{\"id\":"), "\(picked.stdout)")
        #expect(picked.stdout.filter { $0 == "\n" }.count == 1, "\(picked.stdout)")
        #expect(!picked.terminal.contains(Self.enterScreen))

        let artists = try await MVSearchProcess.run(["--pick", "--select-1", "--artists", "clairo"])
        #expect(artists.status == 64)
        #expect(artists.stderr == "mvsearch: --select-1 does not apply to --artists — drop it\n")
    }

    @Test("Given two videos found, when --pick --select-1 runs, then the screen opens to choose from them")
    func selectOneWithTwoRows() async throws {
        let server = try Self.server(Self.clairo(first: 2))
        defer { server.stop() }
        let environment = MVSearchProcess.environment([
            "TERM": "xterm-256color", "MVSEARCH_BASE_URL": server.baseURL.absoluteString,
        ])
        let terminal = try PseudoTerminal.picker(
            ["--pick", "--select-1", "clairo"], environment: environment, output: "/dev/null")
        let drawn = await MVSearchProcess.offPool { terminal.wait { $0.contains("Enter print") } }
        #expect(drawn, "\(terminal.output)")
        terminal.send("q")
        let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
        #expect(status == 130)
    }
}
