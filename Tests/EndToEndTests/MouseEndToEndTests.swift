import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mouse in the full-screen session on a pseudo-terminal: the built binary asks for mouse
/// reports on entering, a wheel report moves the selection in the frame it draws, and every way
/// out (q, Ctrl-Z) turns the reports off before anything else; `--no-mouse` and `mouse = off`
/// never ask for them.
@Suite("mvsearch end to end: the mouse in the full-screen session")
struct MouseEndToEndTests {
    /// Raw mode, the alternate screen and its modes, then the mouse (buttons and wheel, SGR form).
    private static let enter = "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?7l\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h"
    private static let enterWithoutMouse = "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?7l\u{1B}[?25l\u{1B}[H"
    /// The mouse off first, then the rest put back.
    private static let leave =
        "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"
    /// The 4th row of the Clairo search, drawn selected.
    private static let fourthSelected = "› \u{1B}[0;7m4  RACECAR"

    private static func server() throws -> LoopbackHTTPServer {
        try MVSearchProcess.recordedSearchServer()
    }

    private func start(_ server: LoopbackHTTPServer, arguments: [String] = [], settings: String? = nil) throws
        -> PseudoTerminal
    {
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        if let settings, let config = environment["XDG_CONFIG_HOME"] {
            let folder = URL(fileURLWithPath: config).appendingPathComponent("mvsearch")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("config")
            try Data(settings.utf8).write(to: file)
            chmod(file.path, 0o600)
        }
        return try PseudoTerminal(["-l", "5", "-i"] + arguments + ["clairo"], environment: environment)
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await MVSearchProcess.offPool(work)
    }

    @Test("The session asks for mouse reports, a wheel-down report selects row 4, and q turns them off first")
    func wheelAndExit() async throws {
        let server = try Self.server()
        let terminal = try start(server)
        let modesBefore = terminal.modesBefore
        #expect(await offPool { terminal.wait { $0.contains("Are You Bored Yet?") && $0.contains("1–4") } })
        #expect(terminal.output.hasPrefix(Self.enter))
        #expect(!terminal.output.contains(Self.fourthSelected))
        // One notch down, on the list: three rows down, from row 1 to row 4.
        terminal.send("\u{1B}[<65;10;5M")
        #expect(await offPool { terminal.wait { $0.contains(Self.fourthSelected) } })
        // A click's report split across two writes is one click: row 2 selected, nothing typed.
        terminal.send("\u{1B}[<0;1")
        terminal.send("0;4M\u{1B}[<0;10;4m")
        #expect(await offPool { terminal.wait { $0.contains("› \u{1B}[0;7m2  4Ever") } })
        terminal.send("q")
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(stderr.isEmpty)
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
        #expect(PseudoTerminal.modes(of: terminal.secondary) == modesBefore)
    }

    @Test("Ctrl-Z turns the mouse reports off with the other modes; continued, the session asks for them again")
    func suspend() async throws {
        let server = try Self.server()
        let terminal = try start(server)
        #expect(await offPool { terminal.wait { $0.contains("Are You Bored Yet?") && $0.contains("1–4") } })
        terminal.send("\u{1A}")
        #expect(await offPool { terminal.waitUntilStopped() })
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
        kill(terminal.process.processIdentifier, SIGCONT)
        #expect(
            await offPool {
                terminal.wait { text in
                    guard let left = text.range(of: Self.leave) else { return false }
                    return text[left.upperBound...].hasPrefix(Self.enter)
                }
            })
        // The reports work again after coming back.
        terminal.send("\u{1B}[<65;10;5M")
        #expect(
            await offPool {
                terminal.wait { ($0.components(separatedBy: Self.leave).last ?? "").contains(Self.fourthSelected) }
            })
        terminal.send("q")
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(await offPool { terminal.wait { $0.hasSuffix(Self.leave) } })
    }

    @Test(
        "--no-mouse, or mouse = off in the settings file, asks for no mouse report and turns none off",
        arguments: [(["--no-mouse"], nil), ([], "mouse = off\n"), (["--no-mouse"], "mouse = on\n")]
            as [([String], String?)]
    )
    func withoutMouse(arguments: [String], settings: String?) async throws {
        let server = try Self.server()
        let terminal = try start(server, arguments: arguments, settings: settings)
        #expect(await offPool { terminal.wait { $0.contains("Are You Bored Yet?") && $0.contains("1–4") } })
        #expect(terminal.output.hasPrefix(Self.enterWithoutMouse))
        terminal.send("q")
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0, "\(stderr)")
        #expect(await offPool { terminal.wait { $0.hasSuffix("\u{1B}[?2004l\u{1B}[?1049l") } })
        #expect(!terminal.output.contains("\u{1B}[?1000"))
        #expect(!terminal.output.contains("\u{1B}[?1006"))
    }
}
