import JSON
import MCPServer
import XCTest

/// What an error repeats of a client's text is bounded, as every message of mvsearch's is (80
/// characters, then `…`): a method or tool name of a megabyte is not sent back whole.
final class MCPServerEchoBoundsTests: XCTestCase {
    func testGivenAMegabyteMethodNameWhenAskedThenTheErrorRepeats80CharactersAndAnEllipsis() {
        let harness = ServerHarness(tools: [])

        harness.request(1, String(repeating: "m", count: 1 << 20))

        let answer = harness.nextMessage()
        XCTAssertEqual(answer["error"]?["code"], -32601)
        XCTAssertEqual(
            answer["error"]?["message"]?.stringValue, "Method not found: " + String(repeating: "m", count: 80) + "…")
    }

    func testGivenAMegabyteToolNameWhenCalledThenTheErrorRepeats80CharactersAndAnEllipsis() {
        let harness = ServerHarness(tools: [])

        harness.request(2, "tools/call", ["name": .string(String(repeating: "t", count: 1 << 20))])

        let answer = harness.nextMessage()
        XCTAssertEqual(answer["error"]?["code"], -32602)
        XCTAssertEqual(
            answer["error"]?["message"]?.stringValue, "Unknown tool: " + String(repeating: "t", count: 80) + "…")
    }

    func testGivenANameOfExactly80CharactersThenItIsRepeatedWhole() {
        XCTAssertEqual(JSONRPCError.excerpt(String(repeating: "é", count: 80)), String(repeating: "é", count: 80))
        XCTAssertEqual(JSONRPCError.excerpt("server/discover"), "server/discover")
    }
}
