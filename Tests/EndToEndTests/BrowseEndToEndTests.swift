import Foundation
import Mocks
import Testing

/// The built binary on a pseudo-terminal against a loopback iTunes serving the recorded answers:
/// `m` (more like this) in both sessions, the chart reached from the search screen with its genre
/// and country changed in place, and Ctrl-J moving down a list.
@Suite("mvsearch end to end: m, browsable charts, Ctrl-J")
struct BrowseEndToEndTests {
    /// "Bags" (in a visual album by Clairo) and the first two of its collection's others.
    private static let bags = 1_477_000_001
    /// The 2nd row of the recorded Clairo search.
    private static let fourEver = 1_378_778_940

    /// Searches: `bags` finds Bags, anything else the recorded Clairo search. Lookups: Bags, its
    /// collection and its artist; any other id nothing. The chart: the recorded feed at any path.
    private static func server() throws -> LoopbackHTTPServer {
        let clairo = try Fixture.data("search-musicvideo-clairo")
        let video = try Fixture.data("lookup-musicvideo-in-collection-built-from-api-facts")
        let collection = try Fixture.data("lookup-collection-musicvideos-built-from-api-facts")
        let artist = try Fixture.data("lookup-artist-musicvideos-built-from-api-facts")
        let chart = try Fixture.data("rss-topmusicvideos-us-built-from-api-facts")
        let empty = Data(#"{"resultCount":0,"results":[]}"#.utf8)
        return try LoopbackHTTPServer { request, _ in
            guard let components = URLComponents(string: request.target) else { return .response(status: 404) }
            if components.path.contains("/rss/topmusicvideos/") {
                return .response(status: 200, headers: [("Content-Type", "application/json")], body: chart)
            }
            let items = components.queryItems ?? []
            if components.path == "/search" {
                return .json(items.contains { $0.name == "term" && $0.value == "bags" } ? video : clairo)
            }
            let id = Int(items.first { $0.name == "id" }?.value ?? "") ?? 0
            let related = items.contains(URLQueryItem(name: "entity", value: "musicVideo"))
            switch (id, related) {
            case (Self.bags, false): return .json(video)
            case (1_477_000_000, true): return .json(collection)
            case (1_187_613_837, true): return .json(artist)
            default: return .json(empty)
            }
        }
    }

    private func start(_ arguments: [String], _ server: LoopbackHTTPServer, terminalType: String = "xterm-256color")
        throws -> PseudoTerminal
    {
        var environment = MVSearchProcess.environment(["TERM": terminalType])
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        return try PseudoTerminal(["-l", "5"] + arguments, environment: environment, columns: 100, rows: 30)
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await MVSearchProcess.offPool(work)
    }

    @Test("Full screen: m on a result lists the videos like it — its album's others first — as a list, then q")
    func moreLikeThisFullScreen() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let terminal = try start(["-i", "bags"], server)
        #expect(await offPool { terminal.wait { $0.contains("Bags") } })
        terminal.send("m")
        #expect(await offPool { terminal.wait { $0.contains("More like \"Bags\"") && $0.contains("Sofia") } })
        #expect(server.requests.map(\.target).contains { $0.hasPrefix("/lookup?id=\(Self.bags)&") })
        terminal.send("/sof")  // a list like every other: the filter works on it
        #expect(await offPool { terminal.wait { $0.contains("1/") } })
        terminal.send("\rq")  // Enter keeps the filter, q quits
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(stderr.isEmpty)
    }

    @Test("Line session (TERM=dumb): 1 opens the details, m lists the videos like it")
    func moreLikeThisLineSession() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let terminal = try start(["-i", "bags"], server, terminalType: "dumb")
        #expect(await offPool { terminal.wait { $0.contains("Bags") && $0.contains("> ") } })
        terminal.send("1\n")
        #expect(await offPool { terminal.wait { $0.contains("m more like this") } })
        terminal.send("m\n")
        #expect(await offPool { terminal.wait { $0.contains("More like \"Bags\"") && $0.contains("Sofia") } })
        terminal.send("q\n")
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 0)
    }

    @Test("Ctrl-T from the search screen opens the chart; e picks Rock, c GB, in place; Esc then Ctrl-T brings it back")
    func browsableChart() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let terminal = try start(["-i"], server)
        #expect(await offPool { terminal.wait { $0.contains("Search music videos") && $0.contains("chart") } })
        terminal.send("\u{14}")  // Ctrl-T
        #expect(await offPool { terminal.wait { $0.contains("Top music videos chart in US") } })
        terminal.send("e")
        #expect(await offPool { terminal.wait { $0.contains("Genre (↑/↓, Enter)") } })
        terminal.send("\u{1B}[B\u{1B}[B\r")  // All genres → Pop → Rock
        #expect(await offPool { terminal.wait { $0.contains("chart in US (Rock)") } })
        terminal.send("c")
        #expect(await offPool { terminal.wait { $0.contains("Country (two letters") } })
        terminal.send("gb\r")
        #expect(await offPool { terminal.wait { $0.contains("chart in GB (Rock)") } })
        let targets = server.requests.map(\.target)
        #expect(targets.contains("/us/rss/topmusicvideos/limit=5/json"))
        #expect(targets.contains("/us/rss/topmusicvideos/limit=5/genre=21/json"))
        #expect(targets.contains("/gb/rss/topmusicvideos/limit=5/genre=21/json"))
        let title = "Top music videos chart in GB (Rock)"
        let shown = terminal.output.components(separatedBy: title).count
        terminal.send("\u{1B}")  // back to the search screen: one level, the chart changed in place
        #expect(await offPool { terminal.wait { $0.components(separatedBy: "Search music videos").count > 2 } })
        terminal.send("\u{14}")  // the same chart again (answered from the cache)
        #expect(await offPool { terminal.wait { $0.components(separatedBy: title).count > shown } })
        terminal.send("q")
        let (status, stderr) = await offPool { terminal.finish() }
        #expect(status == 0)
        #expect(stderr.isEmpty)
    }

    @Test("Ctrl-J (a lone LF) moves down the results: m then asks about the 2nd row, not the details of the 1st")
    func ctrlJ() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let terminal = try start(["-i", "clairo"], server)
        #expect(await offPool { terminal.wait { $0.contains("4Ever") } })
        terminal.send("\n")
        terminal.send("m")
        #expect(await offPool { terminal.wait { _ in server.requests.contains { $0.target.hasPrefix("/lookup") } } })
        #expect(
            server.requests.last { $0.target.hasPrefix("/lookup") }?.target.hasPrefix("/lookup?id=\(Self.fourEver)&")
                == true)
        terminal.send("q")
        let (status, _) = await offPool { terminal.finish() }
        #expect(status == 0)
    }
}
