import Foundation
import Mocks

/// A loopback iTunes for the end-to-end tests: it answers every operation from the recorded
/// fixtures, and a test's `fault` can answer any request another way first (a 403, a stall, a
/// delay). Requests are recorded by the server, so a test counts what reached "Apple".
enum FakeITunes {
    /// The term whose search the recorded Clairo search answers (any other term too, unless a
    /// fault answers it).
    static let term = "clairo"
    /// Track ids and artist ids in the recorded search.
    static let trackID = 1_378_778_940
    static let artistID = 1_187_613_837

    /// Answers a request differently from the fixtures; `nil` leaves it to them.
    typealias Fault = @Sendable (_ request: LoopbackHTTPServer.Request, _ index: Int) -> LoopbackHTTPServer.Reply?

    /// - Parameters:
    ///   - keepsAlive: Keep connections open between requests, as iTunes does.
    ///   - fault: Tried first for every request.
    static func start(keepsAlive: Bool = true, fault: Fault? = nil) throws -> LoopbackHTTPServer {
        let search = try Fixture.data("search-musicvideo-clairo")
        let artists = try Fixture.data("lookup-artists-amg-2011")
        let chart = try Fixture.data("rss-topmusicvideos-us-built-from-api-facts")
        let object = try JSONSerialization.jsonObject(with: search) as? [String: Any]
        let rows = try (object?["results"] as? [[String: Any]] ?? []).map {
            (
                track: "\($0["trackId"] ?? "")", artist: "\($0["artistId"] ?? "")",
                json: try JSONSerialization.data(withJSONObject: $0)
            )
        }
        return try LoopbackHTTPServer(keepsAlive: keepsAlive) { request, index in
            if let reply = fault?(request, index) { return reply }
            guard let components = URLComponents(string: request.target) else { return .response(status: 400) }
            let items = components.queryItems ?? []
            let id = items.first { $0.name == "id" }?.value ?? ""
            switch components.path {
            case "/search" where items.contains(URLQueryItem(name: "entity", value: "musicArtist")):
                return .json(artists)
            case "/search":
                return .json(search)
            case "/lookup" where items.contains { $0.name == "entity" }:
                let artist = Data(#"{"wrapperType":"artist","artistName":"Clairo","artistId":\#(Int(id) ?? 0)}"#.utf8)
                return .json(envelope([artist] + rows.filter { $0.artist == id }.map(\.json)))
            case "/lookup":
                return .json(envelope(rows.filter { $0.track == id }.map(\.json)))
            case let path where path.contains("/rss/topmusicvideos/"):
                return .response(status: 200, headers: [("Content-Type", "application/json")], body: chart)
            default:
                return .response(status: 404)
            }
        }
    }

    /// Whether a request is a search for `term` (the service's `term=` as sent, `+` for spaces).
    static func isSearch(_ request: LoopbackHTTPServer.Request, for term: String) -> Bool {
        guard let components = URLComponents(string: request.target), components.path == "/search" else {
            return false
        }
        let sent = components.percentEncodedQueryItems?.first { $0.name == "term" }?.value
        return sent?.replacingOccurrences(of: "+", with: " ").removingPercentEncoding == term
    }

    /// The answer iTunes gives when it throttles: 403 with an empty list and no `Retry-After`.
    static let throttled = LoopbackHTTPServer.Reply.response(
        status: 403, headers: [("Content-Type", "text/javascript; charset=utf-8")],
        body: Data(#"{"resultCount":0,"results":[]}"#.utf8))

    private static func envelope(_ rows: [Data]) -> Data {
        Data("{\"resultCount\":\(rows.count),\"results\":[".utf8) + Data(rows.joined(separator: Data(",".utf8)))
            + Data("]}".utf8)
    }
}
