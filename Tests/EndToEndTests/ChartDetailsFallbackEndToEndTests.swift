import Foundation
import Mocks
import Testing

/// A chart row's details on the built binary when the lookup of its video fails: what the row
/// already says (title, artist, page, id…) is shown with the failure, never an empty screen.
@Suite("mvsearch end to end: a chart row's details when the lookup fails")
struct ChartDetailsFallbackEndToEndTests {
    @Test("Given -i --top and a lookup that fails, when Enter on the first row, then its title, artist and id show")
    func rowShownWhenLookupFails() async throws {
        let chart = try Fixture.data("rss-topmusicvideos-us-built-from-api-facts")
        let server = try LoopbackHTTPServer { request, _ in
            if request.target.hasPrefix("/us/rss/topmusicvideos/") { return .json(chart) }
            return .response(status: 400)  // the lookup: refused, and not tried again
        }
        defer { server.stop() }
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let terminal = try PseudoTerminal(["-i", "--top"], environment: environment)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("Flowers") } })
        let before = terminal.output.utf8.count
        terminal.send("\r")
        #expect(await server.requestsArrived(2))
        #expect(server.requests.last?.target.hasPrefix("/lookup?id=1666738524") == true)
        let shown = await MVSearchProcess.offPool {
            terminal.wait(timeout: 20) { output in
                let details = String(decoding: output.utf8.dropFirst(before), as: UTF8.self)
                return details.contains("Track id") && details.contains("1666738524") && details.contains("Miley Cyrus")
            }
        }
        #expect(shown, "\(terminal.output.suffix(600))")
        terminal.send("q")
        #expect(await MVSearchProcess.offPool { terminal.finish() }.status == 0)
    }
}
