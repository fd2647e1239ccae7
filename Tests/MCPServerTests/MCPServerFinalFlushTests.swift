import JSON
import MCPServer
import XCTest

/// The answers still queued when the input ends: a client that closes its end of our input and
/// then reads nothing is given up as one that stopped reading mid-session is, never taken for a
/// clean end (issue 28: `mvsearch mcp` exited 0 there, the answers lost).
final class MCPServerFinalFlushTests: XCTestCase {
    /// A tool whose `tools/list` entry is 16 KiB: 20 lists are five times what a pipe holds.
    private static let bigTool = MCPTool(
        name: "big", description: String(repeating: "d", count: 16 << 10),
        inputSchema: JSONSchema.object(properties: [])
    ) { _, _ in .success(structured: [:]) }

    private static let twentyLists = (1...20).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"tools/list"}"# }

    func testGivenAnswersQueuedWhenTheInputEndsAndTheClientNeverReadsThenRunReturnsOutputStalled() {
        let harness = ServerHarness(tools: [Self.bigTool], outputStallTimeout: .seconds(2))
        for line in Self.twentyLists { harness.send(line) }

        harness.closeInput()  // and no answer is ever read

        XCTAssertEqual(harness.waitForExit(timeout: 30), .outputStalled)
        XCTAssertTrue(harness.logLines.value.withLock { $0 }.contains { $0.contains("read nothing for") })
    }

    func testGivenAnswersQueuedWhenTheInputEndsAndTheClientClosesItsReadingEndThenRunReturnsOutputClosed() {
        let harness = ServerHarness(tools: [Self.bigTool], outputStallTimeout: .seconds(30))
        for line in Self.twentyLists { harness.send(line) }

        harness.closeInput()
        harness.closeOutputReader()

        XCTAssertEqual(harness.waitForExit(timeout: 20), .outputClosed)
    }

    func testGivenAnswersQueuedWhenTheInputEndsAndTheClientReadsThemAllThenRunReturnsEndOfInput() {
        let harness = ServerHarness(tools: [Self.bigTool], outputStallTimeout: .seconds(30))
        for line in Self.twentyLists { harness.send(line) }

        harness.closeInput()
        let ids = (1...20).map { _ in harness.nextMessage()["id"] }

        XCTAssertEqual(ids, (1...20).map { JSONValue.integer($0) })
        XCTAssertEqual(harness.waitForExit(timeout: 20), .endOfInput)
    }
}
