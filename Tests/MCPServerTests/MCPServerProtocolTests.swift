import JSON
import MCPServer
import XCTest

final class MCPServerProtocolTests: XCTestCase {
    func testGivenEachSupportedVersionWhenInitializingThenTheServerAnswersThatVersion() {
        for version in ["2025-11-25", "2025-06-18", "2025-03-26"] {
            let harness = ServerHarness(tools: [])
            let answer = harness.initialize(version: version)
            XCTAssertEqual(answer["id"], 0)
            XCTAssertEqual(answer["result"]?["protocolVersion"]?.stringValue, version)
            harness.closeInput()
            XCTAssertEqual(harness.waitForExit(), .endOfInput)
        }
    }

    func testGivenAnUnknownVersionWhenInitializingThenTheLatestIsOfferedWithInfoAndCapabilities() {
        let harness = ServerHarness(tools: [])
        let answer = harness.initialize(version: "2024-11-05")
        XCTAssertEqual(
            answer.serializedString,
            #"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","#
                + #""capabilities":{"tools":{"listChanged":false}},"#
                + #""serverInfo":{"name":"kit-test","title":"Kit test","version":"1.2.3"},"instructions":"Be kind."}}"#)
    }

    func testGivenInitializeWithoutAVersionWhenSentThenItIsInvalidParams() {
        let harness = ServerHarness(tools: [])
        harness.request(1, "initialize", ["capabilities": [:]])
        XCTAssertEqual(harness.nextMessage()["error"]?["code"], -32602)
    }

    func testGivenNoInitializeWhenPingedThenTheServerStillAnswersAnEmptyResult() {
        let harness = ServerHarness(tools: [])
        harness.request(5, "ping")
        XCTAssertEqual(harness.nextMessage().serializedString, #"{"jsonrpc":"2.0","id":5,"result":{}}"#)
    }

    func testGivenToolsWhenListedThenEachIsDescribedInOrderWithSchemasAndAnnotations() {
        let harness = ServerHarness(tools: TestTools.all(probe: TestTools.Probe()))
        _ = harness.initialize()
        harness.request(1, "tools/list", [:])
        let tools = harness.nextMessage()["result"]?["tools"]?.arrayValue ?? []
        XCTAssertEqual(tools.map { $0["name"]?.stringValue ?? "" }, TestTools.names)
        XCTAssertEqual(
            tools.first?.serializedString,
            #"{"name":"echo","title":"Echo","description":"Returns its arguments.","#
                + #""inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"#
                + #""required":["text"],"additionalProperties":false},"#
                + #""outputSchema":{"type":"object","properties":{"echo":{"type":"string"}},"#
                + #""additionalProperties":false},"#
                + #""annotations":{"title":"Echo","readOnlyHint":true,"destructiveHint":false,"#
                + #""idempotentHint":true,"openWorldHint":false}}"#)
        XCTAssertNil(tools.last?["annotations"], "no hints, no annotations member")
    }

    func testGivenUnknownMethodsWhenRequestedThenEachIsMethodNotFoundAtOnce() {
        let harness = ServerHarness(tools: [])
        harness.request(1, "server/discover", [:])
        harness.request(2, "resources/list")
        XCTAssertEqual(
            harness.nextMessage().serializedString,
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: server/discover"}}"#)
        XCTAssertEqual(harness.nextMessage()["error"]?["code"], -32601)
    }

    func testGivenUnknownNotificationsWhenSentThenNothingIsAnswered() {
        let harness = ServerHarness(tools: [])
        harness.notify("notifications/whatever", [:])
        harness.request(3, "ping")
        XCTAssertEqual(harness.nextMessage()["id"], 3, "the ping's answer is the first line")
    }

    func testGivenMalformedLinesWhenSentThenEachGetsItsErrorAndTheServerGoesOn() {
        let harness = ServerHarness(tools: [])
        harness.send("this is not json")
        harness.send(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
        harness.send(#"{"jsonrpc":"1.0","id":2,"method":"ping"}"#)
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"ping","params":[1]}"#)
        harness.send("")
        harness.sendRaw(Array(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#.utf8) + [0x0D, 0x0A])
        let garbage = harness.nextMessage()
        XCTAssertEqual(garbage["error"]?["code"], -32700)
        XCTAssertEqual(garbage["id"], .null)
        let batch = harness.nextMessage()
        XCTAssertEqual(batch["error"]?["code"], -32600)
        XCTAssertEqual(batch["id"], .null)
        XCTAssertEqual(harness.nextMessage()["error"]?["code"], -32600)
        XCTAssertEqual(harness.nextMessage()["error"]?["code"], -32602)
        XCTAssertEqual(harness.nextMessage().serializedString, #"{"jsonrpc":"2.0","id":4,"result":{}}"#)
        let logged = harness.logLines.value.withLock { $0 }
        XCTAssertTrue(logged.contains { $0.hasPrefix("mcp: Parse error") }, "diagnostics go to the log: \(logged)")
    }

    func testGivenALineOverTheLimitWhenSentThenItIsAnsweredOnceAndTheNextLineIsServed() {
        let harness = ServerHarness(tools: [], maximumLineLength: 1024)
        harness.send(
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 300_000)
                + #""}}"#)
        harness.request(2, "ping")
        let overlong = harness.nextMessage()
        XCTAssertEqual(overlong["error"]?["code"], -32600)
        XCTAssertEqual(overlong["id"], .null)
        XCTAssertEqual(harness.nextMessage()["id"], 2)
    }

    func testGivenTheDefaultLimitWhenAFiveMebibyteLineIsSentThenItIsRefused() {
        let harness = ServerHarness(tools: [])
        harness.send(String(repeating: " ", count: 5 << 20) + "{}")
        harness.request(2, "ping")
        XCTAssertEqual(harness.nextMessage()["error"]?["code"], -32600)
        XCTAssertEqual(harness.nextMessage()["id"], 2)
    }

    func testGivenTheInputEndsWhenIdleThenRunReturnsEndOfInput() {
        let harness = ServerHarness(tools: [])
        harness.request(1, "ping")
        XCTAssertEqual(harness.nextMessage()["id"], 1)
        harness.closeInput()
        XCTAssertEqual(harness.waitForExit(), .endOfInput)
        XCTAssertEqual(harness.remainingLines(), [])
    }

    func testGivenALastMessageWithoutNewlineWhenTheInputEndsThenItIsStillAnswered() {
        let harness = ServerHarness(tools: [])
        harness.sendRaw(Array(#"{"jsonrpc":"2.0","id":8,"method":"ping"}"#.utf8))
        harness.closeInput()
        XCTAssertEqual(harness.waitForExit(), .endOfInput)
        XCTAssertEqual(harness.remainingLines(), [#"{"jsonrpc":"2.0","id":8,"result":{}}"#])
    }

    func testGivenAClientThatNeverReadsThenInputIsReadNoFurtherAndTheServerGivesUpAfterTheStallTimeout() {
        // Every tools/list answer carries a 16 KiB description: 4,000 of them would be 64 MiB.
        let tool = MCPTool(
            name: "big", description: String(repeating: "d", count: 16 << 10),
            inputSchema: JSONSchema.object(properties: [])
        ) { _, _ in .success(structured: [:]) }
        let harness = ServerHarness(tools: [tool], outputStallTimeout: .seconds(1))
        let requests = (1...4000).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"tools/list"}"# }
        let total = requests.map { $0.utf8.count + 1 }.reduce(0, +)
        let started = ContinuousClock.now

        let sender = harness.sendInBackgroundUntilRefused(requests)  // and no answer is ever read

        XCTAssertEqual(harness.waitForExit(timeout: 20), .outputStalled)
        XCTAssertLessThan(started.duration(to: .now), .seconds(15))
        XCTAssertEqual(sender.done.wait(timeout: .now() + 15), .success)
        // It stopped reading once 4 MiB of answers waited: far from all 4,000 requests were taken.
        let taken = sender.count.value.withLock { $0 }
        XCTAssertLessThan(taken, total)
        XCTAssertTrue(harness.logLines.value.withLock { $0 }.contains { $0.contains("read nothing for") })
    }

    func testGivenTheOutputIsClosedWhenTheServerWritesThenRunReturnsOutputClosed() {
        let harness = ServerHarness(tools: [])
        harness.closeOutputReader()
        harness.request(1, "ping")
        XCTAssertEqual(harness.waitForExit(), .outputClosed)
    }
}
