import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signals at awkward moments: in the first milliseconds of a session, before its handlers are
/// in place, and a terminal that hangs up with no signal at all.
@Suite("mvsearch end to end: signals at start-up and hangups")
struct SignalTimingEndToEndTests {
    private static func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        MVSearchProcess.terminalEnvironment(asking: server)
    }

    private static func server() throws -> LoopbackHTTPServer {
        try MVSearchProcess.recordedSearchServer()
    }

    /// `mvsearch -i` started with no signal blocked, as a shell starts it (a child of the test
    /// runner would inherit its threads' mask, which blocks them all and hides the problem).
    private static func unblocked(_ server: LoopbackHTTPServer) throws -> PseudoTerminal {
        let unblock =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        return try PseudoTerminal(
            ["python3", "-c", unblock, MVSearchProcess.executableURL.path, "-i"],
            environment: environment(server), executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// How `signal` stands in process `pid` now, from `/proc/<pid>/status` (its main thread's
    /// mask): `nil` until the process runs mvsearch.
    private static func disposition(of signal: Int32, in pid: Int32) -> (blocked: Bool, ignored: Bool)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            text.split(separator: "\n").first == "Name:\tmvsearch"
        else { return nil }
        func has(_ field: String) -> Bool {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                let mask = UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
            else { return false }
            return mask & (1 << UInt64(signal - 1)) != 0
        }
        return (has("SigBlk"), has("SigIgn"))
    }

    /// Sends `signal` at the first moment it is ignored or blocked, before the session has drawn
    /// its first screen: where a signal used to be lost.
    /// - Returns: Whether that moment was seen (start-up may pass it between two looks).
    private static func signalBeforeTheHandler(_ signal: Int32, to terminal: PseudoTerminal) -> Bool {
        let pid = terminal.process.processIdentifier
        let deadline = ContinuousClock.now + .seconds(20)
        var sawMVSearch = false
        while ContinuousClock.now < deadline {
            guard let state = disposition(of: signal, in: pid) else {
                if sawMVSearch { return false }  // gone
                continue
            }
            sawMVSearch = true
            // Up and running: its handlers are in place long since, the moment passed.
            if terminal.output.contains("Search music videos") { return false }
            if state.ignored || state.blocked {
                kill(pid, signal)
                return true
            }
        }
        return false
    }

    @Test(
        "Given a session starting, when SIGTERM, SIGINT, SIGHUP or SIGQUIT comes before its handler is in place, then it is not lost: the session ends with its status, the terminal restored",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")),
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
    func signalAtStartUp(signal: Int32, expected: Int32) async throws {
        let server = try Self.server()
        var caught = 0
        // Each start-up is watched until its dangerous moment is seen; a few tries, as the
        // moment can pass between two looks on a loaded machine.
        for _ in 0..<8 where caught < 2 {
            let terminal = try Self.unblocked(server)
            let modesBefore = terminal.modesBefore
            let pid = terminal.process.processIdentifier
            let sent = await MVSearchProcess.offPool { Self.signalBeforeTheHandler(signal, to: terminal) }
            guard sent else {
                kill(pid, SIGKILL)
                _ = await MVSearchProcess.offPool { terminal.finish(timeout: 30) }
                continue
            }
            caught += 1
            // A lost signal leaves the session running until `finish` kills it (after 30 s: a
            // loaded machine may take seconds to run the signalled process at all).
            let (status, stderr) = await MVSearchProcess.offPool { terminal.finish(timeout: 30) }
            #expect(status == expected, "\(stderr)")
            #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
        }
        #expect(caught > 0, "start-up never seen before its handlers were in place")
    }

    @Test(
        "Given the full-screen session, when its terminal hangs up with no SIGHUP (the input ends, reads fail), then it ends with 129, not 0"
    )
    func hangUpWithoutSignal() async throws {
        let server = try Self.server()
        // Not the process's controlling terminal, so closing it sends no SIGHUP: only the reader
        // can tell. Reading stops once the first screen is drawn, so the terminal can be closed.
        let terminal = try PseudoTerminal(
            ["-i"], environment: Self.environment(server),
            stopsReadingWhen: { $0.contains("Search music videos") })
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Search music videos") } })
        terminal.hangUp()
        let (status, stderr) = await MVSearchProcess.offPool { terminal.finish(timeout: 60) }
        #expect(status == 129, "\(stderr)")
    }

    @Test(
        "Given the line session on a terminal (TERM=dumb), when the terminal hangs up, then it ends with 129, not 0 or 74, and says nothing"
    )
    func lineSessionHangUp() async throws {
        let server = try Self.server()
        var environment = Self.environment(server)
        environment["TERM"] = "dumb"
        let terminal = try PseudoTerminal(
            ["-i"], environment: environment, stopsReadingWhen: { $0.hasSuffix("> ") })
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.hasSuffix("> ") } })
        terminal.hangUp()
        let (status, stderr) = await MVSearchProcess.offPool { terminal.finish(timeout: 60) }
        #expect(status == 129, "\(stderr)")
        #expect(stderr.isEmpty)
    }
}
