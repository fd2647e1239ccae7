import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-screen session on a pseudo-terminal: the built binary, real keys, the terminal
/// restored exactly on every way out.
@Suite("mvsearch end to end: the full-screen session")
struct FullScreenEndToEndTests {
    private static let enter = "\u{1B}[?1049h"
    private static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"

    /// Answers every search with the recorded Clairo search.
    private static func server() throws -> LoopbackHTTPServer {
        try MVSearchProcess.recordedSearchServer()
    }

    private func start(
        _ server: LoopbackHTTPServer, columns: UInt16 = 100, rows: UInt16 = 30, terminalType: String = "xterm-256color"
    ) throws
        -> (PseudoTerminal, [UInt8])
    {
        var environment = MVSearchProcess.environment(["TERM": terminalType])
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        let terminal = try PseudoTerminal(["-l", "5"], environment: environment, columns: columns, rows: rows)
        // The modes the terminal was in before the session, to compare with after it.
        return (terminal, terminal.modesBefore)
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await MVSearchProcess.offPool(work)
    }

    @Test("Alternate screen in and out, keys edited locally, resize redraws at the new size, q restores the modes")
    func session() async throws {
        let server = try Self.server()
        let (terminal, modesBefore) = try start(server)
        #expect(await offPool { terminal.wait { $0.contains("Search music videos") } })
        #expect(terminal.output.hasPrefix(Self.enter))
        // A typo fixed with ← and Backspace; arrows, Home and Delete never reach the service.
        terminal.send("xclarx\u{7F}\u{1B}[Di\u{1B}[H\u{1B}[3~\u{1B}[Fo")
        terminal.send("\r")
        #expect(await server.requestsArrived(1))
        #expect(await offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        #expect(server.requests.count == 1)
        let target = server.requests.first?.target ?? ""
        #expect(target.contains("term=clairo&"))
        #expect(!target.contains("%1B") && !target.contains("%5B"))

        // The window narrows: everything is drawn again, the status line on the new last row.
        let before = terminal.output.utf8.count
        terminal.resize(columns: 60, rows: 20)
        #expect(
            await offPool {
                terminal.wait { String($0.utf8.dropFirst(before)).map { $0.contains("\u{1B}[20;1H") } ?? false }
            })

        terminal.send("q")
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(stderr.isEmpty)
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test("-v's request lines are held while the session draws on the terminal, and written once it is left")
    func diagnosticsHeld() async throws {
        let server = try Self.server()
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let terminal = try PseudoTerminal(
            ["-v", "-i", "--no-cache", "clairo"], environment: environment, errorsOnTerminal: true)
        #expect(await offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        #expect(!terminal.output.contains("mvsearch: GET"))  // the request was made and logged, not shown
        terminal.send("q")
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(await offPool { terminal.wait { $0.contains(Self.leave) && $0.hasSuffix(" ms\r\n") } })
        let output = terminal.output
        let leave = output.range(of: Self.leave, options: .backwards)
        let line = output.range(of: "mvsearch: GET ")
        #expect(leave != nil && line != nil)
        if let leave, let line { #expect(leave.upperBound <= line.lowerBound) }
    }

    @Test("mvsearch -i > file from a terminal: the full-screen session on the terminal, nothing in the file")
    func outputToFile() async throws {
        let server = try Self.server()
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-i-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let terminal = try PseudoTerminal.picker(["-i", "clairo"], environment: environment, output: file.path)
        #expect(await offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        #expect(terminal.output.contains(Self.enter))  // full screen, not the line session's prompt
        terminal.send("q")
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0, "\(stderr)")
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
        #expect(PseudoTerminal.modes(of: terminal.secondary) == terminal.modesBefore)
        #expect(try Data(contentsOf: file).isEmpty)
    }

    @Test("Ctrl-Z restores the terminal and stops; on continuing it enters again and redraws")
    func suspend() async throws {
        let server = try Self.server()
        let (terminal, modesBefore) = try start(server)
        #expect(await offPool { terminal.wait { $0.contains("Search music videos") } })
        terminal.send("ab\u{1A}")
        #expect(await offPool { terminal.waitUntilStopped() })
        // Restored before stopping; entered again and drawn whole (the keys typed before
        // included) once continued.
        kill(terminal.process.processIdentifier, SIGCONT)
        #expect(
            await offPool {
                terminal.wait { text in
                    guard let left = text.range(of: Self.leave) else { return false }
                    let after = text[left.upperBound...]
                    return after.hasPrefix(Self.enter) && after.contains("› \u{1B}[0mab")
                }
            })
        terminal.send("\u{15}\u{1B}")  // Ctrl-U empties the field; Esc alone then quits the search screen
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    /// A job-control shell in miniature: makes the terminal its own (a new session), starts
    /// `mvsearch` as a background job (a process group of its own), and says `[stopped N]` on the
    /// terminal each time the job stops; then `fg` (the terminal given to the job, SIGCONT), after
    /// the next stop (Ctrl-Z) `bg` (SIGCONT with the terminal kept), and after that `fg` again.
    private static let jobControlShell = """
        import os, signal, sys, fcntl, termios
        if os.getpid() == os.getpgrp():  # a group leader cannot start a session: a child does
            child = os.fork()
            if child:
                sys.exit(os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]))
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        pid = os.fork()
        if pid == 0:
            os.setpgid(0, 0)
            signal.signal(signal.SIGTTOU, signal.SIG_DFL)
            os.execv(sys.argv[1], sys.argv[1:])
        os.setpgid(pid, pid)
        def stopped():
            _, status = os.waitpid(pid, os.WUNTRACED)
            if not os.WIFSTOPPED(status):
                sys.exit(os.waitstatus_to_exitcode(status))
            os.tcsetpgrp(0, os.getpgrp())
            os.write(1, b"[stopped %d]" % os.WSTOPSIG(status))
        def cont(foreground):
            if foreground:
                os.tcsetpgrp(0, pid)
            os.kill(pid, signal.SIGCONT)
        stopped(); cont(True)
        stopped(); cont(False)
        stopped(); cont(True)
        _, status = os.waitpid(pid, 0)
        os.tcsetpgrp(0, os.getpgrp())
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    @Test("Stopped by another process (SIGSTOP) while the shell put its modes back, on continuing it is raw again")
    func stoppedFromOutside() async throws {
        let server = try Self.server()
        let (terminal, modesBefore) = try start(server)
        #expect(await offPool { terminal.wait { $0.contains("Search music videos") } })
        terminal.send("z")
        #expect(await offPool { terminal.wait { $0.contains("z\u{1B}[K") } })
        let drawnBefore = terminal.output.count
        kill(terminal.process.processIdentifier, SIGSTOP)
        #expect(await offPool { terminal.waitUntilStopped() })
        // What a shell does when a job stops: its own (cooked) modes back on the terminal.
        var cooked = termios()
        withUnsafeMutableBytes(of: &cooked) { $0.copyBytes(from: modesBefore) }
        #expect(tcsetattr(terminal.secondary, TCSANOW, &cooked) == 0)
        kill(terminal.process.processIdentifier, SIGCONT)
        #expect(
            await offPool {
                terminal.wait { String($0.dropFirst(drawnBefore)).contains("› \u{1B}[0mz") }
            })
        var now = termios()
        _ = tcgetattr(terminal.secondary, &now)
        #expect(now.c_lflag & tcflag_t(ICANON | ECHO) == 0)
        terminal.send("\u{15}\u{1B}")  // Ctrl-U empties the field; Esc alone (read as a key only in raw mode) quits
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0, "\(stderr)")
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test("In the background (mvsearch -i &, or bg after Ctrl-Z) it stops for the terminal (SIGTTOU) and enters on fg")
    func background() async throws {
        let server = try Self.server()
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let terminal = try PseudoTerminal(
            ["python3", "-c", Self.jobControlShell, MVSearchProcess.executableURL.path, "-i"],
            environment: environment, executable: URL(fileURLWithPath: "/usr/bin/env"))
        let modesBefore = terminal.modesBefore
        let ttou = "[stopped \(SIGTTOU)]"
        // Started in the background: stopped before touching the terminal.
        #expect(await offPool { terminal.wait { $0.contains(ttou) } })
        #expect(!(terminal.output.components(separatedBy: ttou).first ?? "").contains(Self.enter))
        // fg: the session enters and draws.
        #expect(await offPool { terminal.wait { $0.contains(Self.enter) && $0.contains("Search music videos") } })
        // Ctrl-Z (the job stopped with SIGTSTP, as the terminal stops it in cooked mode), then bg:
        // stopped again at once, the terminal left to the shell.
        terminal.send("ab\u{1A}")
        #expect(await offPool { terminal.wait { $0.contains("[stopped \(SIGTSTP)]") } })
        #expect(await offPool { terminal.wait { $0.components(separatedBy: ttou).count == 3 } })
        let afterStop = terminal.output.components(separatedBy: "[stopped \(SIGTSTP)]").last ?? ""
        #expect(!(afterStop.components(separatedBy: ttou).first ?? "").contains(Self.enter))
        // fg again: the same screen, the keys typed before kept.
        #expect(
            await offPool {
                terminal.wait { ($0.components(separatedBy: ttou).last ?? "").contains("› \u{1B}[0mab") }
            })
        terminal.send("\u{15}\u{1B}")  // Ctrl-U empties the field; Esc alone then quits the search screen
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0, "\(stderr)")
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test(
        "Ctrl-C at idle, Ctrl-\\, SIGTERM, SIGHUP and SIGQUIT all restore the terminal, with their status",
        arguments: [
            ("key", "\u{03}", Int32(130)), ("key", "\u{1C}", 131), ("signal", "TERM", 143),
            ("signal", "HUP", 129), ("signal", "QUIT", 131),
        ])
    func waysOut(kind: String, what: String, status expected: Int32) async throws {
        let server = try Self.server()
        let (terminal, modesBefore) = try start(server)
        #expect(await offPool { terminal.wait { $0.contains("Search music videos") } })
        // A key answered first: the session is running and its signal handlers are in place.
        terminal.send("z")
        #expect(await offPool { terminal.wait { $0.contains("z\u{1B}[K") } })
        if kind == "key" {
            terminal.send(what)
        } else {
            let number: Int32 = ["TERM": SIGTERM, "HUP": SIGHUP, "QUIT": SIGQUIT][what] ?? SIGTERM
            kill(terminal.process.processIdentifier, number)
        }
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == expected)
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test("-i --artists opens the artists full screen; ↓ Enter asks for the 2nd artist's videos; q restores the modes")
    func artists() async throws {
        let artists = try Fixture.data("lookup-artists-amg-2011")
        let videos = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { request, _ in
            .json(request.target.contains("entity=musicArtist") ? artists : videos)
        }
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let terminal = try PseudoTerminal(
            ["-i", "--artists", "jack"], environment: environment, columns: 100, rows: 30)
        let modesBefore = terminal.modesBefore
        #expect(await offPool { terminal.wait { $0.contains("Jack Johson") && $0.contains("408472918") } })
        #expect(terminal.output.hasPrefix(Self.enter))
        terminal.send("\u{1B}[B\r")
        #expect(await server.requestsArrived(2))
        #expect(await offPool { terminal.wait { $0.contains("Music videos by Jack Johson") } })
        let lookup = server.requests.last?.target ?? ""
        #expect(lookup.contains("/lookup?") && lookup.contains("id=408472918"))
        terminal.send("q")
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(stderr.isEmpty)
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test("On a dumb terminal the line session runs instead: no alternate screen, lines read as typed")
    func dumbTerminal() async throws {
        let server = try Self.server()
        let (terminal, modesBefore) = try start(server, terminalType: "dumb")
        #expect(await offPool { terminal.wait { $0.contains("> ") } })
        terminal.send("q\n")
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(!terminal.output.contains(Self.enter))
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test(
        "A -l 2 search whose rows all fit on the screen asks for offset=2 in the background, once, and adds rows 3 and 4 before any key"
    )
    func paging() async throws {
        let search = try Fixture.data("search-musicvideo-clairo")
        let rows: [Data] = try
            ((try JSONSerialization.jsonObject(with: search) as? [String: Any])?["results"]
            as? [Any] ?? []).map { try JSONSerialization.data(withJSONObject: $0) }
        let server = try LoopbackHTTPServer { request, _ in
            let items = URLComponents(string: request.target)?.queryItems ?? []
            let offset = Int(items.first { $0.name == "offset" }?.value ?? "0") ?? 0
            let page = Array(rows.dropFirst(offset).prefix(2))
            return .json(
                Data("{\"resultCount\":\(page.count),\"results\":[".utf8)
                    + Data(page.joined(separator: Data(",".utf8))) + Data("]}".utf8))
        }
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let terminal = try PseudoTerminal(["-l", "2", "-i", "clairo"], environment: environment)
        #expect(await server.requestsArrived(2))
        #expect(await offPool { terminal.wait { $0.contains("I Don’t Think") && $0.contains("1–4") } })
        #expect(server.requests.map(\.target).filter { $0.contains("&offset=2") }.count == 1)
        #expect(!server.requests.map(\.target)[0].contains("offset="))
        terminal.send("q")
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 0)
    }
}
