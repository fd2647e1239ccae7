import Dispatch
import JSON
import XCTest

@testable import MCPServer

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

final class MCPServerToolCallTests: XCTestCase {
    private let probe = TestTools.Probe()
    private lazy var harness = ServerHarness(tools: TestTools.all(probe: probe))

    private func call(_ id: Int, _ name: String, _ arguments: JSONValue? = [:], meta: JSONValue? = nil) {
        var params: JSONObject = ["name": .string(name)]
        if let arguments { params["arguments"] = arguments }
        if let meta { params["_meta"] = meta }
        harness.request(id, "tools/call", .object(params))
    }

    func testGivenASuccessfulCallWhenAnsweredThenStructuredContentAndTextCarryTheSameJSON() throws {
        _ = harness.initialize()
        call(1, "echo", ["text": "hi \"there\""])
        let answer = harness.nextMessage()
        XCTAssertEqual(answer["id"], 1)
        let result = try XCTUnwrap(answer["result"])
        XCTAssertEqual(result["structuredContent"], ["echo": "hi \"there\""])
        XCTAssertEqual(result["isError"], false)
        XCTAssertEqual(result["content"]?[0]?["type"], "text")
        let text = try XCTUnwrap(result["content"]?[0]?["text"]?.stringValue)
        XCTAssertEqual(try JSONValue.parse(text), result["structuredContent"])
    }

    func testGivenAFailingToolWhenCalledThenTheResultIsAnErrorNotAProtocolError() {
        call(2, "fail")
        let answer = harness.nextMessage()
        XCTAssertNil(answer["error"])
        XCTAssertEqual(answer["result"]?["isError"], true)
        XCTAssertEqual(answer["result"]?["content"]?[0]?["text"], "It failed; try again later.")
        XCTAssertEqual(answer["result"]?["structuredContent"], ["reason": "always"])
    }

    func testGivenBadCallParamsWhenCalledThenEachIsInvalidParams() {
        call(1, "noSuchTool")
        call(2, "echo", "not an object")
        call(3, "echo", [1, 2])
        harness.request(4, "tools/call", ["arguments": [:]])
        harness.request(5, "tools/call", [1])
        call(6, "echo", [:], meta: ["progressToken": 1.5])
        let answers = (1...6).map { _ in harness.nextMessage() }
        XCTAssertEqual(answers.map { $0["id"] }, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(answers.map { $0["error"]?["code"] }, Array(repeating: -32602, count: 6))
        XCTAssertEqual(answers[0]["error"]?["message"], "Unknown tool: noSuchTool")
    }

    func testGivenASlowCallInFlightWhenAFastCallFollowsThenTheFastOneIsAnsweredFirst() {
        call(1, "slow")
        XCTAssertTrue(probe.slowStarted.waitBlocking())
        call(2, "echo", ["text": "fast"])
        XCTAssertEqual(harness.nextMessage()["id"], 2)
        probe.releaseSlow.raise()
        let slow = harness.nextMessage()
        XCTAssertEqual(slow["id"], 1)
        XCTAssertEqual(slow["result"]?["structuredContent"], ["slow": true])
    }

    func testGivenACallInFlightWhenCancelledThenItsTaskSeesItAndNoAnswerIsSent() {
        call(7, "untilCancelled")
        XCTAssertTrue(probe.slowStarted.waitBlocking())
        XCTAssertEqual(harness.server.calls.count, 1)
        harness.notify("notifications/cancelled", ["requestId": 7, "reason": "the user gave up"])
        XCTAssertTrue(probe.cancellationSeen.waitBlocking())
        XCTAssertTrue(probe.sawCancellation.withLock { $0 })
        XCTAssertTrue(probe.handlerReturned.waitBlocking())
        XCTAssertEqual(harness.server.calls.count, 0, "the cancelled call is forgotten")
        harness.request(8, "ping")
        XCTAssertEqual(harness.nextMessage()["id"], 8)
        harness.closeInput()
        XCTAssertEqual(harness.waitForExit(), .endOfInput)
        XCTAssertEqual(harness.remainingLines(), [], "the cancelled call is never answered")
    }

    func testGivenACancellationOfAnUnknownRequestWhenSentThenItIsIgnored() {
        harness.notify("notifications/cancelled", ["requestId": "nope"])
        harness.notify("notifications/cancelled", ["reason": "no id"])
        harness.request(1, "ping")
        XCTAssertEqual(harness.nextMessage()["id"], 1)
    }

    func testGivenAProgressTokenWhenTheToolReportsThenIncreasingProgressIsSentBeforeTheAnswer() {
        call(3, "progress", [:], meta: ["progressToken": "tok"])
        let lines = (0..<4).map { _ in harness.nextMessage().serializedString }
        XCTAssertEqual(
            lines,
            [
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","#
                    + #""progress":1,"total":3,"message":"one"}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","progress":2.5}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","#
                    + #""progress":3,"total":3}}"#,
                #"{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\"done\":true}"}],"#
                    + #""structuredContent":{"done":true},"isError":false}}"#,
            ])
    }

    func testGivenACallAlreadyAnsweredWhenItsContextReportsProgressThenNothingIsSent() {
        call(5, "keepsContext", [:], meta: ["progressToken": 11])
        XCTAssertEqual(harness.nextMessage()["id"], 5)
        probe.keptContext.withLock { $0?.reportProgress(progress: 1) }
        harness.request(6, "ping")
        XCTAssertEqual(harness.nextMessage()["id"], 6, "no progress after the answer")
    }

    func testGivenNoProgressTokenWhenTheToolReportsThenOnlyTheAnswerIsSent() {
        call(4, "progress")
        XCTAssertEqual(harness.nextMessage()["id"], 4)
        harness.closeInput()
        XCTAssertEqual(harness.waitForExit(), .endOfInput)
        XCTAssertEqual(harness.remainingLines(), [])
    }

    func testGivenARequestIdStillInFlightWhenReusedThenTheSecondIsRefused() {
        call(1, "slow")
        XCTAssertTrue(probe.slowStarted.waitBlocking())
        call(1, "echo", ["text": "again"])
        let refused = harness.nextMessage()
        XCTAssertEqual(refused["error"]?["code"], -32600)
        probe.releaseSlow.raise()
        XCTAssertEqual(harness.nextMessage()["result"]?["structuredContent"], ["slow": true])
    }

    func testGivenTheLimitOfCallsInFlightWhenAnotherArrivesThenItIsRefusedAsBusyUntilOneEnds() {
        let harness = ServerHarness(tools: TestTools.all(probe: probe), maximumConcurrentCalls: 1)
        harness.request(1, "tools/call", ["name": "slow"])
        XCTAssertTrue(probe.slowStarted.waitBlocking())
        harness.request(2, "tools/call", ["name": "echo", "arguments": ["text": "b"]])
        let busy = harness.nextMessage()
        XCTAssertEqual(busy["id"], 2)
        XCTAssertEqual(busy["error"]?["code"], -32000)
        probe.releaseSlow.raise()
        XCTAssertEqual(harness.nextMessage()["id"], 1)
        harness.request(3, "tools/call", ["name": "echo", "arguments": ["text": "c"]])
        XCTAssertEqual(harness.nextMessage()["result"]?["structuredContent"], ["echo": "c"])
    }

    func testGivenACallInFlightWhenTheInputEndsThenItIsAnsweredBeforeRunReturns() {
        call(1, "slow")
        XCTAssertTrue(probe.slowStarted.waitBlocking())
        harness.closeInput()
        probe.releaseSlow.raise()
        XCTAssertEqual(harness.waitForExit(), .endOfInput)
        XCTAssertEqual(harness.remainingLines().count, 1)
    }

    func testGivenACallThatOutlivesTheGracePeriodWhenTheInputEndsThenRunReturnsWithoutAnsweringIt() {
        let harness = ServerHarness(tools: TestTools.all(probe: probe), gracePeriod: .milliseconds(200))
        harness.request(1, "tools/call", ["name": "ignoresCancellation"])
        XCTAssertTrue(probe.slowStarted.waitBlocking())
        harness.closeInput()
        XCTAssertEqual(harness.waitForExit(), .endOfInput)
        XCTAssertEqual(harness.server.calls.count, 0)
        probe.releaseSlow.raise()
        XCTAssertEqual(harness.remainingLines(), [])
    }

    func testGivenManyLargeAnswersAtOnceWhenWrittenThenEveryLineIsOneWholeMessage() {
        let text = String(repeating: "y", count: 100_000)
        let lines = (1...20).map { id in
            JSONValue.object([
                "jsonrpc": "2.0", "id": .integer(id), "method": "tools/call",
                "params": ["name": "echo", "arguments": ["text": .string(text)]],
            ]).serializedString
        }
        // The answers (2 MB) outgrow the pipe while the calls are still being written.
        let written = harness.sendInBackground(lines)
        let answers = (1...20).map { _ in harness.nextMessage() }
        XCTAssertEqual(written.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(Set(answers.compactMap { $0["id"]?.intValue }), Set(1...20))
        XCTAssertTrue(answers.allSatisfy { $0["result"]?["structuredContent"]?["echo"]?.stringValue == text })
    }

    func testGivenRunIsCancelledWhenIdleThenItReturnsAsAtTheEndOfInput() async {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&input), 0)
        XCTAssertEqual(pipe(&output), 0)
        defer { for descriptor in input + output { close(descriptor) } }
        let server = MCPServer(
            info: MCPServerInfo(name: "n", version: "1"), tools: [], input: input[0], output: output[1])
        let running = Task { await server.run() }
        running.cancel()
        let reason = await running.value
        XCTAssertEqual(reason, .endOfInput)
    }
}
