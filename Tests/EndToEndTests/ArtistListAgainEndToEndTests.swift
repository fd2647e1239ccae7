import Foundation
import Mocks
import Testing

/// `a` on a list that already is that artist's videos, on the built binary: it says so instead of
/// opening the same list again.
@Suite("mvsearch end to end: a on an artist's own list")
struct ArtistListAgainEndToEndTests {
    /// `/search` answers the recorded Clairo search; `/lookup?id=…&entity=musicVideo` the artist
    /// row followed by that artist's videos from it.
    private static func server() throws -> LoopbackHTTPServer {
        let search = try Fixture.data("search-musicvideo-clairo")
        let object = try JSONSerialization.jsonObject(with: search) as? [String: Any]
        let rows: [(artistID: String, json: String)] = try (object?["results"] as? [[String: Any]] ?? []).map {
            ("\($0["artistId"] ?? "")", String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self))
        }
        return try LoopbackHTTPServer { request, _ in
            guard let components = URLComponents(string: request.target) else { return .response(status: 400) }
            guard components.path == "/lookup" else { return .json(search) }
            let id = components.queryItems?.first { $0.name == "id" }?.value ?? ""
            let artist = #"{"wrapperType":"artist","artistType":"Artist","artistName":"Clairo","artistId":\#(id)}"#
            let results = [artist] + rows.filter { $0.artistID == id }.map(\.json)
            let body = #"{"resultCount":\#(results.count),"results":["# + results.joined(separator: ",") + "]}"
            return .json(Data(body.utf8))
        }
    }

    @Test("Given Clairo's videos opened with a, when a again on her video, then it says so and opens nothing")
    func aOnTheArtistsOwnList() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let terminal = try PseudoTerminal(
            ["-i", "clairo"], environment: MVSearchProcess.terminalEnvironment(asking: server))
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("4Ever") } })
        terminal.send("ja")  // the second row, 4Ever by Clairo: her videos
        #expect(await server.requestsArrived(2))
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("by Clairo") } })
        terminal.send("a")
        let said = await MVSearchProcess.offPool {
            terminal.wait(timeout: 20) { $0.contains("these are Clairo's music videos already") }
        }
        #expect(said)
        #expect(server.requests.count == 2)
        let before = terminal.output.utf8.count
        terminal.send("b")  // one b back: the search's results, no second list of hers between
        #expect(
            await MVSearchProcess.offPool {
                terminal.wait { String(decoding: $0.utf8.dropFirst(before), as: UTF8.self).contains("Are You Bored") }
            })
        terminal.send("q")
        #expect(await MVSearchProcess.offPool { terminal.finish() }.status == 0)
    }
}
