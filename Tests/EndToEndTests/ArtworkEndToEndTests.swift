import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-screen session's artwork on a pseudo-terminal: the built binary, a loopback server
/// answering the search and the artwork, and the bytes the terminal gets.
@Suite("mvsearch end to end: artwork in the full-screen session")
struct ArtworkEndToEndTests {
    /// A 4×4 red PNG.
    private static let pngBase64 =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGNgYPiPhIjiAACOsw/xs6MvMwAAAABJRU5ErkJggg=="
    private static let kittyRemoval = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// Answers searches with the recorded Clairo search, its artwork URLs moved to this server, and
    /// every `…bb.png` with the PNG.
    private static func server() throws -> LoopbackHTTPServer {
        let search = String(decoding: try Fixture.data("search-musicvideo-clairo"), as: UTF8.self)
        let png = Data(base64Encoded: pngBase64) ?? Data()
        return try LoopbackHTTPServer { request, _ in
            if request.target.hasSuffix("bb.png") {
                return .response(status: 200, headers: [("Content-Type", "image/png")], body: png)
            }
            let host = request.headers["host"] ?? "127.0.0.1"
            let moved = search.replacingOccurrences(
                of: #"https://is[0-9]-ssl\.mzstatic\.com/"#, with: "http://\(host)/", options: .regularExpression)
            return .json(Data(moved.utf8))
        }
    }

    @Test(
        "A kitty terminal gets the selected row's artwork as kitty graphics, fetched as PNG, and it is taken off at the end"
    )
    func kitty() async throws {
        let server = try Self.server()
        var environment = MVSearchProcess.environment(["TERM": "xterm-kitty"])
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        let terminal = try PseudoTerminal(["-i", "clairo"], environment: environment, columns: 140, rows: 40)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        terminal.send("v")
        #expect(
            await MVSearchProcess.offPool {
                terminal.wait { $0.contains(";\(Self.pngBase64)\u{1B}\\") }
            })
        let output = terminal.output
        #expect(output.contains("\u{1B}_Ga=T,f=100,t=d,i=1,p=1,c="))
        #expect(!output.contains("\u{1B}]1337"))
        let artwork = server.requests.map(\.target).filter { $0.hasSuffix("bb.png") }
        #expect(artwork.count == 1)
        #expect(artwork.first?.hasPrefix("/image/thumb/Video114/") == true)
        #expect(artwork.first?.range(of: #"/[0-9]+x[0-9]+bb\.png$"#, options: .regularExpression) != nil)
        terminal.send("q")
        let (status, stderr) = await MVSearchProcess.offPool { terminal.finish() }
        #expect(status == 0)
        #expect(stderr.isEmpty)
        // Taken off before the terminal is left (kitty keeps pictures apart from the text).
        let end = terminal.output
        let removal = end.range(of: Self.kittyRemoval, options: .backwards)
        let leave = end.range(of: "\u{1B}[?1049l", options: .backwards)
        #expect(removal != nil && leave != nil)
        if let removal, let leave { #expect(removal.lowerBound < leave.lowerBound) }
    }

    @Test(
        "Given a kitty picture shown, when SIGTERM, SIGHUP, SIGINT or SIGQUIT ends the session, then the pictures are deleted before the terminal is left, as on q",
        arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGINT, Int32(130)), (SIGQUIT, Int32(131))])
    func signalDeletesPictures(signal: Int32, expected: Int32) async throws {
        let server = try Self.server()
        var environment = MVSearchProcess.environment(["TERM": "xterm-kitty"])
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        let terminal = try PseudoTerminal(["-i", "clairo"], environment: environment, columns: 140, rows: 40)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        terminal.send("v")
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains(";\(Self.pngBase64)\u{1B}\\") } })
        let drawn = terminal.output.utf8.count
        kill(terminal.process.processIdentifier, signal)
        let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
        #expect(status == expected)
        let after = String(decoding: Array(terminal.output.utf8).dropFirst(drawn), as: UTF8.self)
        let removal = after.range(of: Self.kittyRemoval)
        let leave = after.range(of: "\u{1B}[?1049l")
        #expect(removal != nil && leave != nil, "\(after.debugDescription)")
        if let removal, let leave { #expect(removal.lowerBound < leave.lowerBound) }
    }

    @Test("The picker is the same session: on a kitty terminal it shows the artwork too, on /dev/tty")
    func picker() async throws {
        let server = try Self.server()
        var environment = MVSearchProcess.environment(["TERM": "xterm-kitty"])
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        let terminal = try PseudoTerminal.picker(
            ["--pick", "clairo"], environment: environment, output: "/dev/null", columns: 140, rows: 40)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        terminal.send("v")
        #expect(
            await MVSearchProcess.offPool {
                terminal.wait { $0.contains(";\(Self.pngBase64)\u{1B}\\") }
            })
        terminal.send("q")
        let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
        #expect(status == 130)  // a cancelled pick
        #expect(terminal.output.contains(Self.kittyRemoval))
    }

    @Test(
        "No picture where none is known to work, or where it is turned off: none drawn in the preview or the details, none asked for",
        arguments: [
            (["TERM": "xterm-256color"], [String]()),
            (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1000/default,1,0"], []),
            (["TERM": "xterm-kitty"], ["--no-images"]),
        ])
    func none(environment extra: [String: String], arguments: [String]) async throws {
        let server = try Self.server()
        var environment = MVSearchProcess.environment(extra)
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        let terminal = try PseudoTerminal(
            ["-i"] + arguments + ["clairo"], environment: environment, columns: 140, rows: 40)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        terminal.send("v")
        // The preview is drawn: its Artwork field, where the picture would go below.
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Artwork") } })
        terminal.send("\r")
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("o open") && $0.contains("scroll") } })
        terminal.send("q")
        let (status, _) = await MVSearchProcess.offPool { terminal.finish() }
        #expect(status == 0)
        let output = terminal.output
        #expect(!output.contains("\u{1B}_G"))
        #expect(!output.contains("\u{1B}]1337"))
        #expect(server.requests.allSatisfy { !$0.target.hasSuffix("bb.png") })
    }
}
