import Foundation
import Mocks
import Networking
import Testing

@Suite("The JSON reader")
struct JSONReaderTests {
    /// Reads any document into a plain tree, to check the reader against JSONSerialization.
    private struct Tree: JSONReadable, Equatable {
        indirect enum Node: Equatable {
            case object([String: Node])
            case array([Node])
            case string(String)
            case number(String)
            case bool, null
        }

        let node: Node

        init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
            node = try Self.read(&reader)
        }

        private static func read(_ reader: inout JSONReader) throws(JSONReader.Failure) -> Node {
            switch try reader.peek() {
            case .object:
                var members: [String: Node] = [:]
                try reader.readObject { reader, key throws(JSONReader.Failure) in members[key] = try read(&reader) }
                return .object(members)
            case .array:
                var elements: [Node] = []
                try reader.readArray { reader throws(JSONReader.Failure) in elements.append(try read(&reader)) }
                return .array(elements)
            case .string: return .string(try reader.readString() ?? "")
            case .number: return .number(String(try reader.readNumberText() ?? ""))
            case .bool:
                try reader.skipValue()
                return .bool
            case .null:
                try reader.skipValue()
                return .null
            }
        }
    }

    private func read(_ text: String) throws(JSONReader.Failure) -> Tree.Node {
        try JSONReader.read(Tree.self, from: Data(text.utf8)).node
    }

    @Test("Objects, arrays, numbers as written, literals, and white space anywhere")
    func structure() throws {
        let node = try read("\n\n\n{ \"a\" : [1, -2.50, 3e2, true, false, null],\n \"b\":{} ,\"c\":[]}\n\n")
        #expect(
            node
                == .object([
                    "a": .array([.number("1"), .number("-2.50"), .number("3e2"), .bool, .bool, .null]),
                    "b": .object([:]), "c": .array([]),
                ]))
    }

    @Test("Escapes, \\u escapes and surrogate pairs unescape; raw UTF-8 passes through")
    func strings() throws {
        #expect(
            try read(#""a\"b\\c\/d\n\t\u00e9\u2019\ud83c\udfb8 Beyoncé 한글""#)
                == .string("a\"b\\c/d\n\té’🎸 Beyoncé 한글"))
    }

    @Test("Invalid UTF-8 inside a string becomes U+FFFD")
    func invalidUTF8() throws {
        let data = Data("\"ab".utf8) + Data([0xFF, 0xC3]) + Data("cd\"".utf8)
        #expect(try JSONReader.read(Tree.self, from: data).node == .string("ab\u{FFFD}\u{FFFD}cd"))
    }

    @Test(
        "Malformed documents are rejected (a string cut after a backslash among them: it once never returned)",
        arguments: [
            "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "tru", "nul", "\"open", "[1] 2", "{a:1}", "-", "\"\u{1}\"",
            "<html>", "\"ab\\", "{\"a\\", "\"\\u12", "\"\\x\"",
        ])
    func malformed(text: String) {
        #expect(throws: JSONReader.Failure.self) { try read(text) }
    }

    @Test("A lone surrogate escape becomes U+FFFD, and what follows it is read")
    func loneSurrogate() throws {
        #expect(try read(#""\ud800\u0041\udc00""#) == .string("\u{FFFD}A\u{FFFD}"))
    }

    @Test(
        "Given a malformed string, then the failure says what and where",
        arguments: [
            (#""ab\"#, JSONReader.Failure.malformed(offset: 4, reason: "unterminated string")),
            (#""\x""#, .malformed(offset: 2, reason: "invalid escape")),
            (#""\u12""#, .malformed(offset: 3, reason: "short \\u escape")),
            (#""\u12G4""#, .malformed(offset: 5, reason: "invalid \\u escape")),
            ("\"a\u{1}\"", .malformed(offset: 2, reason: "control character in a string")),
        ])
    func malformedString(text: String, failure: JSONReader.Failure) {
        #expect(throws: failure) { try read(text) }
    }

    @Test("The reader agrees with JSONSerialization on every recorded answer")
    func agreesWithFoundation() throws {
        for name in [
            "search-musicvideo-clairo", "search-musicvideo-sabotage-2011", "search-song-sick-love",
            "lookup-artists-amg-2011",
        ] {
            let data = try Fixture.data(name)
            let tree = try JSONReader.read(Tree.self, from: data).node
            let foundation = try JSONSerialization.jsonObject(with: data)
            #expect(count(tree) == count(foundation), "\(name)")
        }
    }

    /// Leaves and containers counted, a shape fingerprint both trees must share.
    private func count(_ node: Tree.Node) -> Int {
        switch node {
        case .object(let members): 1 + members.values.reduce(0) { $0 + count($1) }
        case .array(let elements): 1 + elements.reduce(0) { $0 + count($1) }
        default: 1
        }
    }

    private func count(_ value: Any) -> Int {
        if let object = value as? [String: Any] { return 1 + object.values.reduce(0) { $0 + count($1) } }
        if let array = value as? [Any] { return 1 + array.reduce(0) { $0 + count($1) } }
        return 1
    }
}
