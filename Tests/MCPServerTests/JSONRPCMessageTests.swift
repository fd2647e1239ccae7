import JSON
import MCPServer
import XCTest

final class JSONRPCMessageTests: XCTestCase {
    private func failure(_ text: String) -> JSONRPCDecodingFailure? {
        do {
            _ = try JSONRPCMessage.decode(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    func testGivenValidMessagesWhenDecodedThenEachKindIsRecognised() throws {
        XCTAssertEqual(
            try JSONRPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#.utf8)),
            .request(id: .integer(7), method: "ping", params: nil))
        XCTAssertEqual(
            try JSONRPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":"a","method":"m","params":[1]}"#.utf8)),
            .request(id: .string("a"), method: "m", params: [1]))
        XCTAssertEqual(
            try JSONRPCMessage.decode(Array(#"{"jsonrpc":"2.0","method":"n","params":{}}"#.utf8)),
            .notification(method: "n", params: [:]))
        XCTAssertEqual(
            try JSONRPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8)),
            .response(id: .integer(1), result: [:]))
        XCTAssertEqual(
            try JSONRPCMessage.decode(Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-1,"message":"m"}}"#.utf8)),
            .errorResponse(id: nil, error: JSONRPCError(code: -1, message: "m")))
    }

    func testGivenNotJSONWhenDecodedThenItIsAParseErrorWithoutId() {
        XCTAssertEqual(failure("{oops")?.error.code, -32700)
        XCTAssertNil(failure("{oops")?.id)
        XCTAssertEqual(
            failure("not json")?.response.jsonValue["id"], .null, "the answer carries id null")
    }

    func testGivenJSONThatIsNotAValidRequestWhenDecodedThenItIsInvalidRequest() {
        let invalid = [
            #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
            #"{"id":1,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":3}"#,
            #"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":[1],"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}"#,
            #"{"jsonrpc":"2.0","id":1}"#,
            #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":""}}"#,
            "42",
        ]
        for text in invalid {
            XCTAssertEqual(failure(text)?.error.code, -32600, text)
        }
        XCTAssertNil(failure(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)?.id, "a batch is answered with id null")
        XCTAssertEqual(failure(#"{"jsonrpc":"1.0","id":9,"method":"ping"}"#)?.id, .integer(9), "a readable id is kept")
    }

    func testGivenMessagesWhenSerializedThenTheyAreCompactWithVersionFirst() {
        XCTAssertEqual(
            String(decoding: JSONRPCMessage.response(id: .string("x"), result: [:]).serialized(), as: UTF8.self),
            #"{"jsonrpc":"2.0","id":"x","result":{}}"#)
        XCTAssertEqual(
            JSONRPCMessage.errorResponse(id: nil, error: .methodNotFound("m")).jsonValue.serializedString,
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found: m"}}"#)
    }

    func testGivenChunksWhenSplitThenLinesComeWholeWithoutLineEndingsAndBlankLinesAreSkipped() {
        var splitter = JSONRPCLineSplitter(maximumLength: 16)
        XCTAssertEqual(splitter.append(Array("ab".utf8)), [])
        XCTAssertEqual(
            splitter.append(Array("c\r\n\n  \r\nde\nf".utf8)), [.line(Array("abc".utf8)), .line([0x64, 0x65])])
        XCTAssertEqual(splitter.finish(), .line([0x66]))
        XCTAssertNil(splitter.finish())
    }

    func testGivenALineOverTheLimitWhenSplitThenItIsReportedOnceAndSkippedToTheNextLine() {
        var splitter = JSONRPCLineSplitter(maximumLength: 4)
        XCTAssertEqual(splitter.append(Array("1234".utf8)), [])
        XCTAssertEqual(splitter.append(Array("5678".utf8)), [.overlong])
        XCTAssertEqual(splitter.append(Array("9999".utf8)), [])
        XCTAssertEqual(splitter.append(Array("99\nok\n123456\n".utf8)), [.line(Array("ok".utf8)), .overlong])
        XCTAssertEqual(splitter.append(Array("1234\r\n".utf8)), [.line(Array("1234".utf8))])
    }
}
