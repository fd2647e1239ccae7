import Dispatch
import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The picker tests' own harness: a pick that never ends must not hang the run. `picker` starts
/// mvsearch under a Python wrapper that may fork it into a session of its own, so ending the
/// wrapper alone would leave mvsearch running (its stderr open, the test's read of it waiting).
@Suite("PseudoTerminal: a picker that never ends")
struct PseudoTerminalPickerTests {
    /// Whether process `pid` is gone, or a zombie left for its new parent to reap.
    private static func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command's closing parenthesis and a space.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[close...].dropFirst(2).first == "Z"
    }

    @Test(
        """
        Given a pick drawn and waiting for keys, when finish's timeout passes, then mvsearch itself \
        (the terminal's session) is ended with the wrapper, finish returns -1 and says what it \
        ended, and nothing is left running
        """,
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func timeoutEndsMVSearchItself() async throws {
        let server = try MVSearchProcess.recordedSearchServer()
        defer { server.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-pick-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let terminal = try PseudoTerminal.picker(
            ["--pick", "clairo"], environment: MVSearchProcess.terminalEnvironment(asking: server), output: file.path)
        #expect(await offPool { terminal.wait { $0.contains("Enter print") } }, "\(terminal.output)")
        let session = try #require(terminal.sessionGroup, "the pick is in no session of the terminal's")
        let name = try? String(contentsOfFile: "/proc/\(session)/comm", encoding: .utf8)
        #expect(name == "mvsearch\n", "the terminal's session is led by \(name ?? "nothing")")

        // Nothing typed: the pick waits for keys for ever. finish gets 3 s, and must return.
        let finished = Locked<(status: Int32, stderr: String)?>(nil)
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = terminal.finish(timeout: 3)
            finished.withLock { $0 = result }
            returned.signal()
        }

        #expect(await returned.signalled(within: 60), "finish hung: mvsearch was left running")
        let result = try #require(finished.value)
        #expect(result.status == -1)
        #expect(result.stderr.contains("ended with SIGKILL"), "\(result.stderr)")
        #expect(result.stderr.contains("process group \(session)"), "\(result.stderr)")
        #expect(await eventually(timeout: .seconds(30)) { Self.isGone(session) }, "mvsearch \(session) still runs")
    }
}
