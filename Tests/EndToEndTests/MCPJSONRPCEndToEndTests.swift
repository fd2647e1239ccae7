import Foundation
import Mocks
import Testing

/// `mvsearch mcp` spoken to byte by byte over pipes, with no SDK: what a newer client probes
/// with, what a broken one sends, and what ends a session.
@Suite("mvsearch mcp end to end: raw JSON-RPC")
struct MCPJSONRPCEndToEndTests {
    private static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#

    /// Sends one line and waits for the answer, timing it to when the answer was read (not to
    /// when this task got a thread again).
    private static func ask(_ server: LiveProcess, _ line: String) async throws -> ([String: Any], Duration) {
        let start = ContinuousClock.now
        try server.write(line + "\n")
        let (answer, arrived) = try #require(
            await server.nextTimedLine(timeout: 60), "no answer to \(line): \(server.errorText)")
        let elapsed = arrived - start
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any], "not an object: \(answer)")
        return (object, elapsed)
    }

    /// Sends `line` and a ping in one write, and reads two answers: the first must be the
    /// line's. Answered late (a server waiting before it refuses), it would come after the ping's.
    private static func askBeforePing(_ server: LiveProcess, _ line: String, pingID: Int) async throws -> (
        [String: Any], Duration
    ) {
        let (answer, elapsed) = try await ask(
            server, line + "\n" + #"{"jsonrpc":"2.0","id":\#(pingID),"method":"ping"}"#)
        let pong = try #require(await server.nextLine(timeout: 60), "no answer to the ping after \(line)")
        #expect(pong.contains(#""id":\#(pingID)"#) && pong.contains(#""result""#), "\(line): then \(pong)")
        return (answer, elapsed)
    }

    private static func code(_ answer: [String: Any]) -> Int? {
        (answer["error"] as? [String: Any])?["code"] as? Int
    }

    @Test(
        """
        Given a running mcp, when it gets server/discover, garbage and a batch, then each is \
        answered -32601, -32700 and -32600 without waiting, and end of input exits 0
        """)
    func protocolErrors() async throws {
        let fake = try FakeITunes.start()
        defer { fake.stop() }
        let server = try LiveProcess(["mcp", "--base-url", fake.baseURL.absoluteString])
        // Up and reading: the times below are the answers', not the start's.
        let (started, startTime) = try await Self.ask(server, #"{"jsonrpc":"2.0","id":0,"method":"ping"}"#)

        let (discover, discoverTime) = try await Self.askBeforePing(
            server,
            #"{"jsonrpc":"2.0","id":"probe","method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
            pingID: 10)
        let (garbage, garbageTime) = try await Self.askBeforePing(server, "{this is not json", pingID: 11)
        let (batch, batchTime) = try await Self.askBeforePing(
            server, #"[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]"#, pingID: 12)
        let (initialized, _) = try await Self.ask(server, Self.initialize)
        server.closeInput()
        let status = await server.exitStatus()

        print(
            "mcp raw: start and ping \(startTime); server/discover \(discoverTime), garbage \(garbageTime), batch \(batchTime)"
        )
        #expect(started["id"] as? Int == 0, "\(started)")
        #expect(Self.code(discover) == -32601, "\(discover)")
        #expect(discover["id"] as? String == "probe")
        #expect(Self.code(garbage) == -32700, "\(garbage)")
        #expect(garbage.keys.contains("id") && garbage["id"] is NSNull, "\(garbage)")
        #expect(Self.code(batch) == -32600, "\(batch)")
        // Each answered before the ping sent after it (askBeforePing), so without waiting. Under a
        // second each on a quiet machine; seconds under the whole suite on a loaded one.
        for elapsed in [discoverTime, garbageTime, batchTime] { #expect(elapsed < .seconds(15)) }
        // The session still works after them.
        #expect((initialized["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-11-25")
        #expect(status == 0, "\(server.errorText)")
        #expect(fake.requests.isEmpty)
    }

    @Test(
        """
        Given a rate budget of 1 request in 5 s (MVSEARCH_RATE=1/5), when two uncached calls with \
        progress tokens come together, then the one that waits is sent progress saying it waits \
        for the budget, and both are answered
        """)
    func budgetWaitProgress() async throws {
        let fake = try FakeITunes.start()
        defer { fake.stop() }
        let server = try LiveProcess(
            ["mcp", "--base-url", fake.baseURL.absoluteString],
            environment: MVSearchProcess.environment(["MVSEARCH_RATE": "1/5"]))
        _ = try await Self.ask(server, Self.initialize)

        // One write: both calls start at once, so one takes the budget's slot and the other waits.
        try server.write(
            [
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mvsearch_search","arguments":{"term":"clairo"},"_meta":{"progressToken":"two"}}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"mvsearch_search","arguments":{"term":"4ever"},"_meta":{"progressToken":"three"}}}"#,
            ].joined(separator: "\n") + "\n")
        var messages: [[String: Any]] = []
        while messages.filter({ $0["id"] != nil }).count < 2, let line = await server.nextLine() {
            if let message = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] {
                messages.append(message)
            }
        }
        server.closeInput()
        #expect(await server.exitStatus() == 0)

        let progress = messages.filter { $0["method"] as? String == "notifications/progress" }
            .compactMap { $0["params"] as? [String: Any] }
        #expect(progress.count == 1, "\(messages)")
        #expect(["two", "three"].contains(progress.first?["progressToken"] as? String ?? ""), "\(progress)")
        let message = progress.first?["message"] as? String ?? ""
        #expect(message.hasPrefix("waiting ") && message.contains("for the request budget (1 in 5 s)"), "\(message)")
        let results = messages.filter { $0["id"] != nil }.compactMap { $0["result"] as? [String: Any] }
        #expect(results.count == 2 && results.allSatisfy { $0["isError"] as? Bool != true }, "\(messages)")
        #expect(fake.requests.count == 2)
    }

    @Test(
        """
        Given a tools/call whose request iTunes holds unanswered, when the client sends \
        notifications/cancelled for it, then no answer comes for it, a ping is answered, and end \
        of input exits 0 at once
        """)
    func cancelThenEndOfInput() async throws {
        let fake = try FakeITunes.start(fault: { _, _ in .stall })
        defer { fake.stop() }
        // A timeout past every deadline here: the call must end by the cancel, never by its own
        // timeout (the default 15 s passes first when the test waits that long for a thread).
        let server = try LiveProcess(["mcp", "--base-url", fake.baseURL.absoluteString, "--timeout", "120"])
        _ = try await Self.ask(server, Self.initialize)
        try server.write(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"# + "\n")
        try server.write(
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"mvsearch_search","arguments":{"term":"clairo"}}}"#
                + "\n")
        #expect(await fake.requestsArrived(1, timeout: 120))

        try server.write(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"# + "\n")
        let (pong, pingTime) = try await Self.ask(server, #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#)
        let start = ContinuousClock.now
        server.closeInput()
        let exit = await server.timedExit()
        let (status, exitTime) = (exit?.status, exit.map { $0.ended - start } ?? .seconds(60))
        var rest: [String] = []
        while let line = await server.nextLine(timeout: 5) { rest.append(line) }

        print("mcp raw: ping after a cancel \(pingTime), exit after end of input \(exitTime)")
        #expect(pong["id"] as? Int == 8 && pong["result"] != nil, "\(pong)")
        // Milliseconds on a quiet machine; a server still tied to the stalled call would take 60 s.
        #expect(pingTime < .seconds(15))
        #expect(status == 0, "\(server.errorText)")
        #expect(exitTime < .seconds(15))
        // Nothing answers the cancelled call.
        #expect(!rest.contains { $0.contains(#""id":7"#) }, "\(rest)")
    }
}
