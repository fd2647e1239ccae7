import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-screen session against a terminal that misbehaves: one that stops reading in the
/// middle of a frame, a parent that is not a job-control shell, a paste whose end never comes.
@Suite("mvsearch end to end: a terminal that misbehaves")
struct HostileTerminalEndToEndTests {
    private static let enter = "\u{1B}[?1049h"
    private static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"

    private static func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        MVSearchProcess.terminalEnvironment(asking: server)
    }

    private static func server() throws -> LoopbackHTTPServer {
        try MVSearchProcess.recordedSearchServer()
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await MVSearchProcess.offPool(work)
    }

    @Test(
        "Given a terminal that stops reading in the middle of a frame (stderr on it too), when a signal comes, then the process ends with its status and the modes restored",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
    func signalWhileTheTerminalDoesNotRead(signal: Int32, expected: Int32) async throws {
        let server = try Self.server()
        // At 1000×500 the results' frame is about 290 KB; a pseudo-terminal holds about 70 KB.
        // Reading stops at the frame's first row, so the session is stuck in the middle of it.
        let terminal = try PseudoTerminal(
            ["-i", "clairo"], environment: Self.environment(server), columns: 1000, rows: 500,
            errorsOnTerminal: true, stopsReadingWhen: { $0.contains("Are You Bored Yet?") })
        let modesBefore = terminal.modesBefore
        #expect(await offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        kill(terminal.process.processIdentifier, signal)
        // Within a second or so; a stuck session would need the kill that `finish` sends after 30 s
        // (a deadline that long for a process of a loaded machine to be given the CPU).
        let (status, _) = await offPool { terminal.finish(timeout: 30) }
        #expect(status == expected)
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    /// `bash -c 'mvsearch -i; echo done'`: a parent that does no job control, which Ctrl-Z must
    /// stop with the program, as the terminal would stop the whole job in cooked mode. Started with
    /// no signal blocked, as a shell starts it (the test runner's threads block them all, and a
    /// child inherits that).
    private func underBash(_ server: LoopbackHTTPServer) throws -> PseudoTerminal {
        let unblocked =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        return try PseudoTerminal(
            [
                "python3", "-c", unblocked, "/bin/bash", "-c",
                "'\(MVSearchProcess.executableURL.path)' -i; echo done",
            ],
            environment: Self.environment(server), executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// The pid of the parent's only child (mvsearch).
    private func child(of parent: Int32) -> Int32? {
        let path = "/proc/\(parent)/task/\(parent)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Int32($0) }
    }

    @Test(
        "Given bash -c as the parent, when Ctrl-Z or kill -TSTP stops the session, then the whole job stops (bash too), and continued it draws again and ends normally",
        arguments: ["key", "signal"])
    func stopsTheWholeJob(how: String) async throws {
        let server = try Self.server()
        let terminal = try underBash(server)
        let modesBefore = terminal.modesBefore
        #expect(await offPool { terminal.wait { $0.contains("Search music videos") } })
        terminal.send("ab")
        #expect(await offPool { terminal.wait { $0.contains("ab\u{1B}[K") } })
        let bash = terminal.process.processIdentifier
        if how == "key" {
            terminal.send("\u{1A}")
        } else {
            let session = try #require(child(of: bash))
            kill(session, SIGTSTP)
        }
        // bash is the job's leader: stopped only when the stop went to the whole job.
        #expect(await offPool { terminal.waitUntilStopped() })
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })  // restored before stopping
        let drawnBefore = terminal.output.count
        kill(-bash, SIGCONT)  // fg: the whole job continues
        #expect(
            await offPool {
                terminal.wait { text in
                    let after = String(text.dropFirst(drawnBefore))
                    return after.hasPrefix(Self.enter) && after.contains("› \u{1B}[0mab")
                }
            })
        terminal.send("\u{15}\u{1B}")  // Ctrl-U empties the field; Esc alone then quits the search screen
        #expect(await offPool { terminal.wait { $0.contains("done") } })
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0, "\(stderr)")
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test(
        "Given a bracketed paste whose end never comes, when nothing more arrives, then the paste ends in the field and Ctrl-C still quits"
    )
    func pasteWithoutEnd() async throws {
        let server = try Self.server()
        let terminal = try PseudoTerminal(["-i"], environment: Self.environment(server))
        let modesBefore = terminal.modesBefore
        #expect(await offPool { terminal.wait { $0.contains("Search music videos") } })
        terminal.send("\u{1B}[200~pasted")
        #expect(await offPool { terminal.wait { $0.contains("pasted\u{1B}[K") } })
        terminal.send("\u{03}")
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 130)
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }
}
