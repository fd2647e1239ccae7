import JSON
import MCPServer
import XCTest

/// A JSON-RPC stream as an AI agent writes it to `mvsearch mcp`: real MCP messages, their JSON
/// trees mutated (values of every type and edge, ids of every type, nesting past the limit,
/// strings with controls and escapes), then their text mutated byte by byte, split into lines as
/// the server splits its input (`JSONRPCLineSplitter`) in chunks of any size. Each line parses to
/// a JSON value or a `JSONParseError` with an offset inside the line; a value written out parses
/// to itself; a message written out decodes to itself; a failure's answer is JSON-RPC.
final class JSONRPCFuzzTests: XCTestCase {
    static let seeds: [String] = [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mvsearch_search","arguments":{"term":"clairo","limit":5,"country":"GB"},"_meta":{"progressToken":"two"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"user"}}"#,
        #"{"jsonrpc":"2.0","id":"x-3","method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":4,"result":{}}"#,
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error","data":[1,2.5e-3,true,null]}}"#,
        #"{"a":"\u00e9\ud83d\ude00\n\t\"\\\/","b":[[[]]],"c":-0.0,"d":1E+2}"#,
    ]
    static let words: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u0000", "\\ud800", "\\udc00", "\\ud83d\\ude00", "\\u00", "\\x",
        "true", "false", "null", "nul", "-", "1e999", "-1e-999", "0.0", "01", "1.", ".5", "\"jsonrpc\":\"2.0\"",
        "\"id\":", "\"method\":", "\"params\":", "\"result\":", "\"error\":", "\u{FEFF}", "\u{1B}[2J", "\u{7F}",
        "\u{2028}", "\r", "\n", "\t", " ",
    ]

    func testJSONRPCLinesAreMessagesOrAnsweredErrors() {
        let mutator = ByteMutator(dictionary: Self.words.map { Array($0.utf8) }, maximumLength: 64 * 1024)
        let values = Self.seeds.compactMap { try? JSONValue.parse($0) }
        XCTAssertEqual(values.count, Self.seeds.count, "every seed is JSON")
        Fuzzer.run("json-rpc") { random in
            var lines: [[UInt8]] = []
            for _ in 0..<(1 + random.below(3)) {
                var value = random.pick(values)
                for _ in 0..<random.below(4) { value = JSONTreeMutator.mutate(value, depth: 0, using: &random) }
                var bytes = value.serialized()
                if random.oneIn(2) { mutator.mutate(&bytes, using: &random) }
                lines.append(bytes)
            }
            return Array(lines.joined(separator: random.oneIn(4) ? [0x0D, 0x0A] : [0x0A]))
        } check: { input in
            try Self.check(input)
        }
    }

    static func check(_ input: [UInt8]) throws -> String {
        // Cut where the input's own bytes say, so that the cut is part of the input.
        var cuts = FuzzRandom(seed: UInt64(input.count) &* 31 &+ UInt64(input.first ?? 0))
        var splitter = JSONRPCLineSplitter(maximumLength: 32 * 1024)
        var events: [JSONRPCLineSplitter.Event] = []
        var rest = input[...]
        while !rest.isEmpty {
            let size = 1 + cuts.below(min(rest.count, cuts.oneIn(2) ? 8 : 4096))
            events += splitter.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        if let last = splitter.finish() { events.append(last) }
        var outcome = "overlong"
        for event in events {
            guard case .line(let line) = event else { continue }
            guard !line.contains(0x0A), line.count <= 32 * 1024 + 1 else {
                throw FuzzViolation("a line of \(line.count) bytes with a newline or over the limit")
            }
            outcome = try checkLine(line)
        }
        return outcome
    }

    static func checkLine(_ line: [UInt8]) throws -> String {
        do {
            let value = try JSONValue.parse(line)
            guard let again = try? JSONValue.parse(value.serialized()), again == value else {
                throw FuzzViolation("a value written out does not parse to itself: \(value.serializedString)")
            }
        } catch let error as JSONParseError {
            guard (0...line.count).contains(error.offset) else {
                throw FuzzViolation("a parse error at \(error.offset), outside the line of \(line.count)")
            }
        }
        do {
            let message = try JSONRPCMessage.decode(line)
            guard (try? JSONRPCMessage.decode(message.serialized())) == message else {
                throw FuzzViolation("a message written out does not decode to itself")
            }
            return "message"
        } catch let failure as JSONRPCDecodingFailure {
            guard (try? JSONValue.parse(failure.response.serialized())) != nil else {
                throw FuzzViolation("the answer to a bad line is not JSON")
            }
            return "\(failure.error.code)"
        }
    }
}

/// Mutations of a JSON tree: a value replaced by one of another type or at an edge, members
/// added or dropped, nesting made deep.
enum JSONTreeMutator {
    static func mutate(_ value: JSONValue, depth: Int, using random: inout FuzzRandom) -> JSONValue {
        switch value {
        case .object(var object) where !object.isEmpty && !random.oneIn(4):
            let keys = object.keys
            let key = random.pick(keys)
            if random.oneIn(6) {
                object[key] = nil
            } else if random.oneIn(6) {
                object[
                    random.pick([
                        "id", "method", "params", "jsonrpc", "result", "error", "name", "arguments", "_meta", "code",
                        "requestId", key + "x",
                    ])] = leaf(using: &random)
            } else if let member = object[key] {
                object[key] = mutate(member, depth: depth + 1, using: &random)
            }
            return .object(object)
        case .array(var array) where !array.isEmpty && !random.oneIn(4):
            let index = random.below(array.count)
            array[index] = mutate(array[index], depth: depth + 1, using: &random)
            return .array(array)
        default:
            return random.oneIn(8) ? deep(using: &random) : leaf(using: &random)
        }
    }

    static func leaf(using random: inout FuzzRandom) -> JSONValue {
        switch random.below(8) {
        case 0: return .null
        case 1: return .bool(random.oneIn(2))
        case 2: return .integer(random.pick([0, -1, 1, Int.max, Int.min, 2_147_483_648, -32_700, -32_602]))
        case 3:
            return .number(
                random.pick([
                    0.5, -0.0, 1e308, -1e-308, Double.leastNonzeroMagnitude, 1.7976931348623157e308, 0.1, 1e21,
                ]))
        case 4:
            let pieces = [
                "a", "é", "😀", "\u{0}", "\u{1B}[31m", "\n", "\"", "\\", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "̈",
            ]
            return .string((0..<random.below(12)).map { _ in random.pick(pieces) }.joined())
        case 5: return .array((0..<random.below(4)).map { _ in .integer(random.below(10)) })
        case 6: return .object(JSONObject([("term", .string("clairo")), ("limit", .integer(random.below(300) - 50))]))
        default: return .string(String(repeating: "x", count: random.below(5000)))
        }
    }

    /// Arrays or objects nested around the limit (64) and past it.
    static func deep(using random: inout FuzzRandom) -> JSONValue {
        var value: JSONValue = .integer(1)
        for _ in 0..<(50 + random.below(30)) {
            value = random.oneIn(2) ? .array([value]) : .object(JSONObject([("k", value)]))
        }
        return value
    }
}
