import Foundation
import Mocks
import Testing

/// `--pick` as fzf is used: the session drawn on the controlling terminal (`/dev/tty`) while
/// stdout goes to a file, the rows chosen written there once the terminal is restored.
@Suite("mvsearch end to end: the picker")
struct PickEndToEndTests {
    private static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"
    private static let down = "\u{1B}[B"

    /// Answers a search with the recorded Clairo search, the chart path with the recorded chart.
    private static func server() throws -> LoopbackHTTPServer {
        let search = try Fixture.data("search-musicvideo-clairo")
        let chart = try Fixture.data("rss-topmusicvideos-us-built-from-api-facts")
        return try LoopbackHTTPServer { request, _ in
            request.target.contains("/rss/topmusicvideos/")
                ? .response(status: 200, headers: [("Content-Type", "application/json")], body: chart) : .json(search)
        }
    }

    private static func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        MVSearchProcess.environment(["TERM": "xterm-256color", "MVSEARCH_BASE_URL": server.baseURL.absoluteString])
    }

    /// A file of its own for stdout.
    private static func outputFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-pick-\(UUID().uuidString)")
    }

    /// Runs the picker, types `keys` once the rows are drawn (`Enter print` in the status line).
    /// - Returns: The status, stderr, what stdout received, and everything the terminal was sent.
    private func pick(
        _ arguments: [String], keys: [String], waitingFor marker: String = "Enter print", output: String? = nil
    ) async throws -> (status: Int32, stderr: String, stdout: String, terminal: String, modesKept: Bool) {
        let server = try Self.server()
        defer { server.stop() }
        let file = Self.outputFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let terminal = try PseudoTerminal.picker(
            arguments, environment: Self.environment(server), output: output ?? file.path)
        let drawn = await MVSearchProcess.offPool { terminal.wait { $0.contains(marker) } }
        #expect(drawn, "the picker never showed its rows: \(terminal.output)")
        for key in keys {
            let before = terminal.output.utf8.count
            terminal.send(key)
            // Each key's frame before the next key, so they arrive one at a time as typed.
            _ = await MVSearchProcess.offPool {
                terminal.wait(timeout: 10) { $0.utf8.count > before }
            }
        }
        let (status, stderr) = await MVSearchProcess.offPool { terminal.finish() }
        let restored = await MVSearchProcess.offPool { terminal.wait { $0.hasSuffix(Self.leave) } }
        #expect(restored, "the terminal was not left: \(terminal.output.suffix(200).debugDescription)")
        let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return (
            status, stderr, written, terminal.output,
            PseudoTerminal.modes(of: terminal.secondary) == terminal.modesBefore
        )
    }

    /// What the one-shot command writes for the same arguments without `--pick`.
    private func oneShot(_ arguments: [String]) async throws -> [Substring] {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await MVSearchProcess.run(arguments, environment: Self.environment(server))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n")
    }

    @Test(
        "Given rows 1 and 3 marked with Tab, when Enter is pressed, then exactly those rows go to stdout as jsonl, after the terminal is restored"
    )
    func marksTwoRows() async throws {
        let arguments = ["--format", "jsonl", "--json", "id,title,previewUrl", "clairo"]
        let picked = try await pick(["--pick"] + arguments, keys: ["\t", Self.down, "\t", "\r"])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stderr.isEmpty)
        #expect(picked.terminal.contains("2 marked"))
        #expect(picked.terminal.contains("✓"))
        #expect(picked.modesKept)
        let all = try await oneShot(arguments)
        #expect(all.count == 4)
        #expect(picked.stdout == [all[0], all[2]].joined(separator: "\n") + "\n")
        // Nothing of the screen reached stdout: the frames went to the terminal.
        #expect(!picked.stdout.contains("\u{1B}"))
    }

    @Test("Given no row marked, when Enter is pressed, then the selected row is written as the one-shot plain line")
    func selectedRowPlain() async throws {
        let picked = try await pick(["--pick", "clairo"], keys: [Self.down, "\r"])
        #expect(picked.status == 0, "\(picked.stderr)")
        let all = try await oneShot(["--format", "plain", "clairo"])
        #expect(picked.stdout == all[1] + "\n")
    }

    @Test("Given the chart, when a row is picked, then it is written as --top writes it, rank first")
    func chart() async throws {
        let picked = try await pick(["--pick", "--top"], keys: [Self.down, "\r"])
        #expect(picked.status == 0, "\(picked.stderr)")
        let all = try await oneShot(["--top", "--format", "plain"])
        #expect(picked.stdout == all[1] + "\n")
        #expect(picked.stdout.hasPrefix("2\t"))
    }

    @Test(
        "Esc on the first list, q and Ctrl-C print nothing and exit 130, the terminal restored",
        arguments: ["\u{1B}", "q", "\u{03}"])
    func cancelled(key: String) async throws {
        // With a row marked, Esc asks before it drops it: the second Esc ends the pick.
        let keys = key == "\u{1B}" ? ["\t", key, key] : ["\t", key]
        let picked = try await pick(["--pick", "clairo"], keys: keys)
        #expect(picked.status == 130, "\(picked.stderr)")
        #expect(picked.stdout.isEmpty)
        #expect(picked.stderr.isEmpty)
        #expect(picked.modesKept)
    }

    @Test("Given stdout is /dev/full, when a row is picked, then one line says the results were not written, exit 74")
    func fullOutput() async throws {
        let picked = try await pick(["--pick", "clairo"], keys: ["\r"], output: "/dev/full")
        #expect(picked.status == 74)
        #expect(picked.stderr.hasPrefix("mvsearch: cannot write the results"), "\(picked.stderr)")
        #expect(picked.stderr.filter { $0 == "\n" }.count == 1, "\(picked.stderr)")
        #expect(picked.modesKept)
    }

    @Test(
        "Given stdout's reader gone (a closed pipe), when a row is picked, then one line says the rows were not written, exit 74, not 0"
    )
    func readerGone() async throws {
        let picked = try await pick(["--pick", "clairo"], keys: ["\r"], output: "closed-pipe")
        #expect(picked.status == 74)
        #expect(
            picked.stderr == "mvsearch: cannot write the results — the reader of standard output went away\n",
            "\(picked.stderr)")
        #expect(picked.modesKept)
    }

    @Test(
        "Given no controlling terminal, when --pick runs, then one line says it needs one, exit 64, nothing on stdout")
    func noTerminal() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try await PseudoTerminal.runWithoutTerminal(
            ["--pick", "clairo"], environment: Self.environment(server))
        expectOneLine(result, status: 64, mentions: "/dev/tty")
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Given --pick with an option it cannot go with, then a usage error names the clash",
        arguments: [
            (["--pick", "-i", "clairo"], "--interactive and --pick"),
            (["--pick", "--settings"], "--settings and --pick"),
            (["--pick", "--id", "1"], "--id and --pick"),
            (["--pick", "--sort", "year", "clairo"], "--sort year does not apply to --pick"),
        ])
    func clashes(arguments: [String], message: String) async throws {
        let result = try await MVSearchProcess.run(arguments)
        expectOneLine(result, status: 64, mentions: message)
    }
}
