import Foundation
import Mocks
import Testing

/// The picker's first list on the built binary: the keys that go back elsewhere (← and b) end the
/// pick there as Esc does, and Enter while a filter is typed prints the highlighted row at once.
@Suite("mvsearch end to end: the picker's first list")
struct PickerFirstListEndToEndTests {
    private static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"

    /// Runs `--pick clairo`, stdout to a file, and types `keys` once the rows are drawn.
    /// - Returns: The exit status, what stdout received, what the terminal was sent. A session the
    ///   keys did not end is ended with Ctrl-C, and the test fails.
    private func pick(
        keys: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (status: Int32, stdout: String, terminal: String) {
        let server = try MVSearchProcess.recordedSearchServer()
        defer { server.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-pick-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let terminal = try PseudoTerminal.picker(
            ["--pick", "clairo"], environment: MVSearchProcess.terminalEnvironment(asking: server), output: file.path)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Enter print") } })
        for key in keys {
            let before = terminal.output.utf8.count
            terminal.send(key)
            _ = await MVSearchProcess.offPool { terminal.wait(timeout: 10) { $0.utf8.count > before } }
        }
        let ended = await MVSearchProcess.offPool { terminal.wait(timeout: 15) { $0.hasSuffix(Self.leave) } }
        #expect(ended, "the keys did not end the pick", sourceLocation: sourceLocation)
        if !ended { terminal.send("\u{3}") }
        let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
        return (status, (try? String(contentsOf: file, encoding: .utf8)) ?? "", terminal.output)
    }

    @Test("Given the picker's first list, when b or ← is pressed, then the pick ends printing nothing (130)")
    func backKeysEndThePick() async throws {
        for key in ["b", "\u{1B}[D"] {
            let picked = try await pick(keys: [key])
            #expect(picked.status == 130, "\(key.debugDescription)")
            #expect(picked.stdout.isEmpty)
            #expect(!picked.terminal.contains("Search music videos"), "\(key.debugDescription) opened the search")
        }
    }

    @Test("Given the picker, when /4ev then one Enter, then the highlighted row is printed and the pick ends (0)")
    func enterWhileFilteringPicks() async throws {
        let picked = try await pick(keys: ["/", "4", "e", "v", "\r"])
        #expect(picked.status == 0)
        #expect(picked.stdout.hasPrefix("1378778940\tClairo\t4Ever\t"), "\(picked.stdout)")
        #expect(picked.stdout.split(separator: "\n").count == 1)
    }
}
