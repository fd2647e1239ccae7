import Foundation
import Mocks
import Testing

/// `mvsearch mcp` under hostile input (issue 28, item 3), driven by
/// `Tests/EndToEndTests/Clients/mcp_raw.py`: a flood of calls, a line of 64 MiB, and the input
/// closed with a call in flight; and by `mcp_unread.py`, a client that closes the input and never
/// reads the answer. (Garbage, deep nesting, batches and cancellation are in
/// `MCPJSONRPCEndToEndTests` and `MCPServerTests`.)
@Suite("mvsearch mcp end to end: hostile input")
struct MCPHostileEndToEndTests {
    private static func run(_ arguments: [String]) async throws -> [String: Any] {
        try await TestClients.run("mcp_raw.py", arguments, timeout: 120)
    }

    @Test(
        """
        Given iTunes holding every search unanswered, when a client writes 10,000 tools/call at \
        once, then exactly 64 run and the 9,936 others are each answered -32000 (busy) at once; \
        the 64 cancelled, a ping is answered, and end of input exits 0
        """)
    func tenThousandCalls() async throws {
        let fake = try FakeITunes.start(fault: { request, _ in request.target.contains("term=flood") ? .stall : nil })
        defer { fake.stop() }

        let report = try await Self.run(["flood", fake.baseURL.absoluteString, "10000", "64"])

        let kinds = try #require(report["kinds"] as? [String: Int])
        print(
            """
            mcp: 10,000 calls answered but 64 in \(report["answeredSeconds"] ?? "?") s, \(kinds); VmHWM \
            \(report["peakKiB"] ?? "?") KiB; exit after \(report["exitSeconds"] ?? "?") s
            """)
        #expect(kinds == ["result": 0, "busy": 10_000 - 64, "other": 0], "\(report)")
        #expect(report["unanswered"] as? Int == 64)
        #expect(report["lateAnswers"] as? Int == 0, "a cancelled call was answered: \(report)")
        #expect(report["status"] as? Int == 0, "\(report["stderr"] ?? "")")
        #expect((report["rest"] as? [Any])?.isEmpty == true, "\(report["rest"] ?? "")")
        // What reached iTunes is at most the 64 that ran.
        #expect(fake.requests.count <= 64)
        #expect(try #require(report["peakKiB"] as? Int) < 128 * 1024)
    }

    @Test(
        """
        Given a message of 64 MiB on one line, then it is answered -32600 without an id, the \
        next message is answered, and the server's peak memory grows by less than 16 MiB
        """)
    func sixtyFourMebibyteLine() async throws {
        let report = try await Self.run(["longline", "http://127.0.0.1:9", "64"])

        let first = try #require(report["first"] as? [String: Any])
        let second = try #require(report["second"] as? [String: Any])
        let before = try #require(report["peakKiBBefore"] as? Int)
        let after = try #require(report["peakKiB"] as? Int)
        print("mcp: a 64 MiB line: VmHWM \(before) → \(after) KiB")
        #expect((first["error"] as? [String: Any])?["code"] as? Int == -32600, "\(first)")
        #expect(first["id"] is NSNull, "\(first)")
        #expect(second["id"] as? Int == 2 && second["result"] != nil, "\(second)")
        #expect(after - before < 16 * 1024, "\(report)")
        #expect(report["status"] as? Int == 0)
    }

    @Test(
        """
        Given a tools/call in flight (iTunes answers after 2 s), when the input closes, then the \
        call is still answered, the server exits 0, and it never had a child process
        """)
    func inputClosedMidCall() async throws {
        let search = try Fixture.data("search-musicvideo-clairo")
        let fake = try FakeITunes.start { request, _ in
            FakeITunes.isSearch(request, for: "slow") ? .delayed(2, .json(search)) : nil
        }
        defer { fake.stop() }

        let report = try await Self.run(["eof", fake.baseURL.absoluteString, "slow"])

        let answered = try #require(report["answered"] as? [[String: Any]])
        #expect(answered.count == 1 && answered.first?["result"] != nil, "\(report)")
        #expect(report["status"] as? Int == 0, "\(report["stderr"] ?? "")")
        #expect((report["children"] as? [Any])?.isEmpty == true, "\(report)")
        #expect(try #require(report["exitSeconds"] as? Double) < 15)
    }

    @Test(
        """
        Given a tools/call whose answer is bigger than a pipe holds, when the client closes the \
        server's input at once and never reads its output, then the server gives the client up \
        after its 30 s stall, says so, and exits 74, not 0: the answer was lost
        """)
    func inputClosedAndAnswerNeverRead() async throws {
        // 200 distinct rows: structured content and text, some 300 KB, where a pipe holds 64 KiB.
        let search = try Fixture.data("search-musicvideo-clairo")
        var object = try #require(try JSONSerialization.jsonObject(with: search) as? [String: Any])
        let recorded = try #require(object["results"] as? [[String: Any]])
        let first = try #require(recorded.first)
        object["results"] = (0..<200).map { index in
            var row = recorded[index % recorded.count]
            row["trackId"] = 1_000_000 + index
            row["trackName"] = "\(first["trackName"] ?? "") \(index)"
            return row
        }
        object["resultCount"] = 200
        let big = try JSONSerialization.data(withJSONObject: object)
        let fake = try FakeITunes.start { request, _ in FakeITunes.isSearch(request, for: "big") ? .json(big) : nil }
        defer { fake.stop() }

        let report = try await TestClients.run("mcp_unread.py", [fake.baseURL.absoluteString, "big"], timeout: 150)

        let stderr = report["stderr"] as? String ?? ""
        #expect(report["status"] as? Int == 74, "\(report)")
        #expect(stderr.contains("read nothing for"), "\(stderr)")
        // Given up at its stall timeout (30 s), not held for ever; the slack is a loaded machine's.
        let seconds = try #require(report["exitSeconds"] as? Double)
        #expect(seconds > 25 && seconds < 80, "\(report)")
        #expect((report["children"] as? [Any])?.isEmpty == true, "\(report)")
        #expect(fake.requests.count == 1)
    }

    @Test(
        """
        Given hostile lines — nesting 100,000 deep, invalid UTF-8, params that are no object, ids \
        of every JSON type, arguments out of range or of the wrong type, an answer whose text \
        holds control characters, cancellations of calls not in flight — then each gets its \
        error (a tool's names the argument) or nothing, nothing crashes, and no text block holds \
        a control character
        """)
    func hostileLines() async throws {
        let search = try Fixture.data("search-musicvideo-clairo")
        var object = try #require(try JSONSerialization.jsonObject(with: search) as? [String: Any])
        var rows = try #require(object["results"] as? [[String: Any]])
        rows[0]["trackName"] = "A\u{1B}[2J\u{07}B\u{9B}31m\u{202E}C"
        rows[0]["artistName"] = "\u{1B}]8;;http://evil.example\u{07}x\u{1B}]8;;\u{07}"
        object["results"] = rows
        let controls = try JSONSerialization.data(withJSONObject: object)
        let fake = try FakeITunes.start { request, _ in
            FakeITunes.isSearch(request, for: "controls") ? .json(controls) : nil
        }
        defer { fake.stop() }

        let report = try await Self.run(["lines", fake.baseURL.absoluteString])

        let cases = try #require(report["cases"] as? [String: [[String: Any]]])
        func only(_ name: String) -> [String: Any] {
            let got = cases[name] ?? []
            #expect(got.count == 1, "\(name): \(got)")
            return got.first ?? [:]
        }
        func code(_ name: String) -> Int? { (only(name)["error"] as? [String: Any])?["code"] as? Int }
        for name in ["nested100000", "nestedObjects100000", "invalidUTF8"] { #expect(code(name) == -32700, "\(name)") }
        for name in ["paramsArray", "argumentsArray"] { #expect(code(name) == -32602, "\(name)") }
        // JSON-RPC's params is an object or an array: a string makes no request at all.
        #expect(code("paramsString") == -32600, "\(cases["paramsString"] ?? [])")
        for name in ["idFraction", "idTrue", "idObject", "idArray"] {
            #expect(code(name) == -32600, "\(name): \(cases[name] ?? [])")
            #expect(only(name)["id"] is NSNull, "\(name)")
        }
        // 1e400 is no number a parser can hold: a parse error.
        #expect(code("idHuge") == -32700, "\(cases["idHuge"] ?? [])")
        #expect(only("idString")["id"] as? String == "s\u{0}\u{1B}", "ids are echoed exactly")
        #expect(only("idNull")["error"] != nil || cases["idNull"]?.isEmpty == true)
        print("mcp: duplicate keys → \(cases["duplicateKeys"] ?? [])")
        for (name, argument) in [
            ("limitTooLarge", "limit"), ("limitNegative", "limit"), ("limitFraction", "limit"), ("limitHuge", "limit"),
            ("limitString", "limit"), ("termNumber", "term"), ("termEmpty", "term"), ("termHuge", "term"),
            ("countryBad", "country"), ("unknownArgument", "evil"), ("idBad", "id"),
        ] {
            let result = only(name)["result"] as? [String: Any]
            #expect(result?["isError"] as? Bool == true, "\(name): \(cases[name] ?? [])")
            let text = Self.texts(result).joined()
            #expect(text.contains(argument), "\(name) does not name \(argument): \(text)")
        }
        let controlled = try #require(only("controlCharacters")["result"] as? [String: Any])
        #expect(controlled["isError"] as? Bool == false, "\(controlled)")
        #expect(Self.texts(controlled).joined().contains(#"A\u001b[2J\u0007B\u009b31m\u202eC"#))
        let everyResult = cases.values.flatMap { $0 }.compactMap { $0["result"] as? [String: Any] }
        for text in everyResult.flatMap(Self.texts) {
            let bad = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            #expect(bad.isEmpty, "a text block holds control characters: \(text.debugDescription)")
        }
        // Cancelling what is not in flight (never was, already answered, no valid id) answers
        // nothing; an id may be used again once its call is answered.
        for name in ["cancelUnknown", "cancelFinished", "cancelNoId"] {
            #expect(cases[name]?.isEmpty == true, "\(name): \(cases[name] ?? [])")
        }
        #expect((only("idReusedAfterAnswer")["result"] as? [String: Any])?["isError"] as? Bool == true)
        #expect(report["status"] as? Int == 0, "\(report["stderr"] ?? "")")
        // Only the one search with a term reached iTunes: bad arguments ask nobody.
        #expect(fake.requests.count == 1, "\(fake.requests.map(\.target))")
    }

    private static func texts(_ result: [String: Any]?) -> [String] {
        (result?["content"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }
}
