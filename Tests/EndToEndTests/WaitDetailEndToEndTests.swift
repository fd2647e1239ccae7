import Foundation
import Mocks
import Testing

/// What the spinner says on a terminal while the service makes it wait: the retry, its reason,
/// the seconds, and that Ctrl-C cancels; and nothing of it where standard error is not one.
@Suite("The wait, on a terminal")
struct WaitDetailEndToEndTests {
    private static let eraseLine = "\r\u{1B}[2K"

    @Test("Given a 429 asking for 2 s, then the spinner says rate-limited, the wait asked, the seconds and Ctrl-C")
    func rateLimited() async throws {
        let answer = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { _, index in
            index == 0 ? .response(status: 429, headers: [("Retry-After", "2")]) : .json(answer)
        }
        defer { server.stop() }
        let result = try await MVSearchProcess.runWithErrorsInTerminal(
            ["-v", "--base-url", server.baseURL.absoluteString, "clairo"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Clairo"))
        #expect(result.stderr.contains("Searching… rate-limited · retrying after 2 s · waited 1 s · Ctrl-C cancels"))
        // The -v line of the answer takes the spinner's line, and no frame is left at the end.
        #expect(result.stderr.contains(Self.eraseLine + "mvsearch: GET "))
        let last = result.stderr.split(separator: "\r", omittingEmptySubsequences: false).last ?? ""
        #expect(last.hasPrefix("\u{1B}[2K") && !last.contains("Searching"), "\(last)")
        #expect(server.requests.count == 2)
    }

    @Test("Given the line session and a 503 twice, then the spinner says HTTP 503 and the try of the maximum")
    func lineSession() async throws {
        let answer = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { _, index in
            index < 2 ? .response(status: 503, headers: [("Retry-After", "1")]) : .json(answer)
        }
        defer { server.stop() }
        let result = try await MVSearchProcess.runWithErrorsInTerminal(
            ["-i", "--base-url", server.baseURL.absoluteString, "clairo"],
            environment: MVSearchProcess.environment(["TERM": "xterm"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Searching… HTTP 503 · retrying 2 of 3 after 1 s"), "\(result.stderr)")
        #expect(result.stderr.contains("Searching… HTTP 503 · retrying 3 of 3 after 1 s"), "\(result.stderr)")
        #expect(server.requests.count == 3)
    }

    @Test("Given the full-screen session and a 503 asking for 1 s, then the status line says HTTP 503 and the try")
    func fullScreen() async throws {
        let answer = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { _, index in
            index == 0 ? .response(status: 503, headers: [("Retry-After", "1")]) : .json(answer)
        }
        defer { server.stop() }
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let terminal = try PseudoTerminal(["-i", "clairo"], environment: environment, columns: 120, rows: 30)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("HTTP 503 · retrying 2 of 3") } })
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Are You Bored Yet?") } })
        terminal.send("q")
        let (status, stderr) = await MVSearchProcess.offPool { terminal.finish() }
        #expect(status == 0, "\(stderr)")
        #expect(server.requests.count == 2)
    }

    @Test("Given the full-screen artist list and a 503 asking for 1 s, then its status line says HTTP 503 and the try")
    func fullScreenArtists() async throws {
        let answer = try Fixture.data("lookup-artists-amg-2011")
        let server = try LoopbackHTTPServer { _, index in
            index == 0 ? .response(status: 503, headers: [("Retry-After", "1")]) : .json(answer)
        }
        defer { server.stop() }
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let terminal = try PseudoTerminal(["-i", "--artists", "x"], environment: environment, columns: 120, rows: 30)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("HTTP 503 · retrying 2 of 3") } })
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Artists for") } })
        terminal.send("q")
        let (status, stderr) = await MVSearchProcess.offPool { terminal.finish() }
        #expect(status == 0, "\(stderr)")
        #expect(server.requests.count == 2)
    }
}
