import Foundation
import Mocks
import Testing

/// The full-screen search screen's ↑ on the built binary: from an empty field it recalls the
/// newest recent search, as a shell's ↑ does; then each ↑ goes one further back.
@Suite("mvsearch end to end: ↑ on the search screen")
struct SearchScreenRecallEndToEndTests {
    /// A clean environment whose recent searches are `searches`, newest first.
    static func environment(recentSearches searches: [String], server: LoopbackHTTPServer) throws -> [String: String] {
        let environment = MVSearchProcess.terminalEnvironment(asking: server)
        let state = URL(fileURLWithPath: try #require(environment["XDG_STATE_HOME"]))
        let folder = state.appendingPathComponent("mvsearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let file = folder.appendingPathComponent("recent-searches.json")
        let list = try JSONSerialization.data(withJSONObject: ["version": 1, "searches": searches] as [String: Any])
        try list.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return environment
    }

    @Test("Given recent searches and an empty field, when ↑ then Enter, then the newest is searched for")
    func upRecallsTheNewest() async throws {
        let server = try MVSearchProcess.recordedSearchServer()
        defer { server.stop() }
        let environment = try Self.environment(recentSearches: ["newest", "older"], server: server)
        let terminal = try PseudoTerminal(["-i"], environment: environment)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("older") } })
        terminal.send("\u{1B}[A\r")
        #expect(await server.requestsArrived(1))
        #expect(server.requests.first?.target.contains("term=newest&") == true, "\(server.requests.map(\.target))")
        terminal.send("q")
        #expect(await MVSearchProcess.offPool { terminal.finish() }.status == 0)
    }

    @Test("Given recent searches and an empty field, when ↑ ↑ ↑ then Enter, then ↑ walked back as a shell's does")
    func upWalksBackThroughTheHistory() async throws {
        let server = try MVSearchProcess.recordedSearchServer()
        defer { server.stop() }
        let environment = try Self.environment(recentSearches: ["newest", "middle", "oldest"], server: server)
        let terminal = try PseudoTerminal(["-i"], environment: environment)
        #expect(await MVSearchProcess.offPool { terminal.wait { $0.contains("oldest") } })
        // ↑ the newest, ↑ the one before it, ↑ the oldest: each one further back, none twice.
        terminal.send("\u{1B}[A\u{1B}[A\u{1B}[A\r")
        #expect(await server.requestsArrived(1))
        #expect(server.requests.first?.target.contains("term=oldest&") == true, "\(server.requests.map(\.target))")
        terminal.send("q")
        #expect(await MVSearchProcess.offPool { terminal.finish() }.status == 0)
    }
}
