import Foundation
import Mocks
import Testing

/// `mvsearch mcp` driven by a real MCP client: the official MCP Python SDK's stdio client
/// (`Tests/EndToEndTests/Clients/mcp_client.py`, from the virtual environment `make test` makes)
/// spawns the built binary against a loopback iTunes, as an AI assistant's host would.
@Suite("mvsearch mcp end to end: the MCP Python SDK as the client")
struct MCPClientEndToEndTests {
    private static let tools: Set = [
        "mvsearch_search", "mvsearch_lookup", "mvsearch_artists", "mvsearch_artist_videos", "mvsearch_top",
        "mvsearch_history", "mvsearch_genres", "mvsearch_also",
    ]

    private static func environment(_ fake: LoopbackHTTPServer, arguments: String = "") -> [String: String] {
        MVSearchProcess.environment([
            "MVSEARCH_TEST_BASE_URL": fake.baseURL.absoluteString, "MVSEARCH_TEST_ARGS": arguments,
            "MVSEARCH_TEST_TRACK_ID": String(FakeITunes.trackID),
            "MVSEARCH_TEST_ARTIST_ID": String(FakeITunes.artistID),
        ])
    }

    @Test(
        """
        Given a search made on the command line, when the SDK initializes, lists the tools and \
        calls each, then 2025-11-25 is agreed, every operation is a tool with both schemas, every \
        structured result validates against its outputSchema, and the history holds only the \
        command line's search
        """)
    func session() async throws {
        let fake = try FakeITunes.start()
        defer { fake.stop() }
        let environment = Self.environment(fake)
        let searched = try await MVSearchProcess.run(
            ["--base-url", fake.baseURL.absoluteString, "--remember", "always", "--json", "4ever"],
            environment: environment)
        #expect(searched.status == 0, "\(searched.stderr)")

        let report = try await TestClients.run("mcp_client.py", ["session"], environment: environment)

        #expect(report["protocolVersion"] as? String == "2025-11-25")
        #expect(report["serverName"] as? String == "mvsearch")
        #expect(report["hasToolsCapability"] as? Bool == true)
        let tools = try #require(report["tools"] as? [String: [String: Any]])
        #expect(Set(tools.keys) == Self.tools)
        for (name, tool) in tools {
            let input = tool["inputSchema"] as? [String: Any]
            let output = tool["outputSchema"] as? [String: Any]
            #expect(input?["type"] as? String == "object", "\(name)")
            #expect(output?["type"] as? String == "object", "\(name)")
            #expect((output?["properties"] as? [String: Any])?.isEmpty == false, "\(name)")
            #expect(tool["readOnlyHint"] as? Bool == true, "\(name)")
        }
        let search = try #require(tools["mvsearch_search"]?["inputSchema"] as? [String: Any])
        #expect(search["required"] as? [String] == ["term"])

        let calls = try #require(report["calls"] as? [String: [String: Any]])
        // The row counts of the fake's fixtures; genres are the domain's own list (nil: not empty).
        let expected: [(call: String, rows: String, count: Int?)] = [
            ("search", "videos", 4), ("lookup", "videos", 1), ("top", "videos", 4), ("artists", "artists", 3),
            ("artist-videos", "videos", 1), ("history", "searches", 1), ("genres", "genres", nil),
        ]
        for (call, rows, count) in expected {
            let result = try #require(calls[call], "\(call) was not called")
            #expect(result["sdkError"] == nil, "\(call): the SDK refused the result: \(result["sdkError"] ?? "")")
            #expect(result["isError"] as? Bool == false, "\(call): \(result["text"] ?? "")")
            #expect((result["schemaErrors"] as? [String])?.isEmpty == true, "\(call): \(result["schemaErrors"] ?? "")")
            let structured = result["structuredContent"] as? [String: Any]
            let found = (structured?[rows] as? [Any])?.count ?? 0
            #expect(count.map { found == $0 } ?? (found > 0), "\(call): \(structured ?? [:])")
            // The same JSON as a text block.
            let text = (result["text"] as? [String])?.first.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(
                text.map { NSDictionary(dictionary: $0) } == structured.map { NSDictionary(dictionary: $0) }, "\(call)")
        }
        let lookup = (calls["lookup"]?["structuredContent"] as? [String: Any])?["videos"] as? [[String: Any]]
        #expect(lookup?.first?["id"] as? Int == FakeITunes.trackID)
        let history = (calls["history"]?["structuredContent"] as? [String: Any])?["searches"] as? [[String: Any]]
        #expect(history?.compactMap { $0["term"] as? String } == ["4ever"])
        let top = (calls["top"]?["structuredContent"] as? [String: Any])?["videos"] as? [[String: Any]]
        #expect(top?.compactMap { $0["rank"] as? Int } == [1, 2, 3, 4])
    }

    @Test(
        """
        Given limit 500, no term, iTunes throttling (403, empty list) and iTunes failing once \
        (503), when the SDK calls mvsearch_search, then each bad argument is an isError result \
        naming it that asks nobody, the throttled call is an isError result asked once, and the \
        failing one is retried with progress sent, then succeeds
        """)
    func failures() async throws {
        let flakyAnswers = Locked(0)
        let fake = try FakeITunes.start { request, _ in
            if FakeITunes.isSearch(request, for: "throttled") { return FakeITunes.throttled }
            if FakeITunes.isSearch(request, for: "flaky") {
                let index = flakyAnswers.withLock { count -> Int in
                    count += 1
                    return count
                }
                return index == 1 ? .response(status: 503) : nil
            }
            return nil
        }
        defer { fake.stop() }

        let report = try await TestClients.run("mcp_client.py", ["errors"], environment: Self.environment(fake))

        for (call, names) in [("limit 500", "limit"), ("no term", "term")] {
            let result = try #require(report[call] as? [String: Any])
            #expect(result["isError"] as? Bool == true, "\(call): \(result)")
            let text = (result["text"] as? [String])?.joined() ?? ""
            #expect(text.contains(names), "\(call): \(text)")
        }
        #expect(fake.requests.count == 3, "only the throttled and the failing searches: \(fake.requests.map(\.target))")
        let throttled = try #require(report["throttled"] as? [String: Any])
        #expect(throttled["isError"] as? Bool == true)
        let text = (throttled["text"] as? [String])?.joined() ?? ""
        #expect(text.contains("20 requests a minute"), "\(text)")
        #expect(fake.requests.filter { FakeITunes.isSearch($0, for: "throttled") }.count == 1)
        let flaky = try #require(report["flaky"] as? [String: Any])
        #expect(flaky["isError"] as? Bool == false, "\(flaky)")
        let progress = try #require(report["progress"] as? [[String: Any]])
        #expect(progress.count == 1, "\(progress)")
        #expect((progress.first?["message"] as? String)?.hasPrefix("retrying (try 2 of") == true, "\(progress)")
        #expect(flakyAnswers.value == 2)
    }

    @Test(
        """
        Given a call whose request iTunes holds unanswered, when the SDK cancels it, then the call \
        ends cancelled, a ping is answered at once, and a new call is answered
        """)
    func cancelSlowCall() async throws {
        let fake = try FakeITunes.start { request, _ in
            FakeITunes.isSearch(request, for: "stalled") ? .stall : nil
        }
        defer { fake.stop() }
        let python = try TestClients.python()
        // A timeout past every deadline here: the call must end by the cancel, never by its own
        // timeout (the default 15 s passes first when the test waits that long for a thread).
        let client = try LiveProcess(
            [TestClients.script("mcp_client.py"), "cancel"],
            environment: TestClients.pythonEnvironment(Self.environment(fake, arguments: "--timeout 120")),
            executable: python)

        // The SDK's import alone takes many seconds on a loaded machine.
        #expect(await fake.requestsArrived(1, timeout: 120), "the slow call never reached iTunes: \(client.errorText)")
        try client.write("arrived\n")
        client.closeInput()
        let status = await client.exitStatus(timeout: 120)
        var lines: [String] = []
        while let line = await client.nextLine(timeout: 5) { lines.append(line) }

        #expect(status == 0, "\(client.errorText)")
        let report = try TestClients.report(lines.joined(separator: "\n"), of: "mcp_client.py cancel")
        #expect(report["cancelled"] as? Bool == true)
        #expect(report["answered"] as? Bool == false)
        // Milliseconds on a quiet machine; a server still tied to the stalled call would take 60 s.
        #expect((report["pingSeconds"] as? Double ?? 99) < 15, "\(report)")
        let after = report["after"] as? [String: Any]
        #expect(after?["isError"] as? Bool == false, "\(after ?? [:])")
        #expect((after?["structuredContent"] as? [String: Any])?["videos"] as? [Any] != nil)
    }
}
