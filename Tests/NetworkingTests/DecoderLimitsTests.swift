import Foundation
import Mocks
import Networking
import Testing

/// Both decoders, the forward-only `JSONReader` and `JSONDecoder` behind `JSONResponseDecoder`,
/// against documents no real answer looks like: nesting deep enough to overflow a stack, and a
/// byte-order mark in front.
@Suite("Decoder limits")
struct DecoderLimitsTests {
    /// Reads an object, skipping every member: the reader's own recursion, as a DTO skipping an
    /// unknown key would use it.
    private struct Skipper: JSONReadable, Decodable, Equatable {
        var keys: [String] = []

        init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
            var keys: [String] = []
            try reader.readObject { reader, key throws(JSONReader.Failure) in
                keys.append(key)
                try reader.skipValue()
            }
            self.keys = keys
        }
    }

    private struct Plain: Decodable, Equatable {
        let results: [String]
    }

    private static func nested(_ depth: Int) -> Data {
        Data((#"{"unknown":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
    }

    @Test("Given an unknown key nested 200 000 levels deep, when read, then a malformed failure and no crash")
    func deepNestingInTheReader() {
        #expect(throws: JSONReader.Failure.self) {
            _ = try JSONReader.read(Skipper.self, from: Self.nested(200_000))
        }
        let unclosed = Data((#"{"unknown":"# + String(repeating: "[", count: 200_000)).utf8)
        #expect(throws: JSONReader.Failure.self) { _ = try JSONReader.read(Skipper.self, from: unclosed) }
    }

    @Test("Given nesting at the limit, when read, then it is read; one level more is refused")
    func nestingLimit() throws {
        // The object itself is one level, the arrays the rest.
        let atLimit = try JSONReader.read(Skipper.self, from: Self.nested(JSONReader.maximumDepth - 1))
        #expect(atLimit.keys == ["unknown"])
        #expect(throws: JSONReader.Failure.self) {
            _ = try JSONReader.read(Skipper.self, from: Self.nested(JSONReader.maximumDepth))
        }
    }

    @Test("Given deep nesting, when decoded by JSONDecoder's path, then a DecodingError at the reader's limit")
    func deepNestingInJSONDecoder() throws {
        let decoder = JSONResponseDecoder()
        let body = Data((#"{"results":[],"unknown":"# + String(repeating: "[", count: 200_000)).utf8)
        #expect(throws: DecodingError.self) { _ = try decoder.decode(body, as: Plain.self) }
        // JSONDecoder alone would accept this depth; the limit is the same for both decoders.
        let overLimit = Data(
            (#"{"results":[],"unknown":"# + String(repeating: "[", count: JSONReader.maximumDepth)
                + String(repeating: "]", count: JSONReader.maximumDepth) + "}").utf8)
        #expect(throws: DecodingError.self) { _ = try decoder.decode(overLimit, as: Plain.self) }
        let withinLimit = Data(
            (#"{"results":["a"],"unknown":[[["[[[\"]]]"]]]}"#).utf8)
        #expect(try decoder.decode(withinLimit, as: Plain.self) == Plain(results: ["a"]))
    }

    @Test("Brackets inside strings, escaped quotes included, do not count as nesting")
    func nestingScanSkipsStrings() {
        let text = #"{"a":"\"[[[[[[","b":["]]]]"]}"#
        #expect(JSONReader.nestingIsWithin(2, in: Data(text.utf8)))
        #expect(!JSONReader.nestingIsWithin(1, in: Data(text.utf8)))
    }

    @Test("Given a UTF-8 byte-order mark before the JSON, when decoded by either decoder, then it is read")
    func byteOrderMark() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        #expect(try JSONReader.read(Skipper.self, from: bom + Data(#"{"a":1}"#.utf8)).keys == ["a"])
        let decoder = JSONResponseDecoder()
        #expect(try decoder.decode(bom + Data(#"{"a":1}"#.utf8), as: Skipper.self).keys == ["a"])
        #expect(try decoder.decode(bom + Data(#"{"results":["x"]}"#.utf8), as: Plain.self) == Plain(results: ["x"]))
        // Only at the very start: a mark inside is not JSON.
        #expect(throws: JSONReader.Failure.self) {
            _ = try JSONReader.read(Skipper.self, from: Data(" ".utf8) + bom + Data("{}".utf8))
        }
        #expect(throws: JSONReader.Failure.self) {
            _ = try JSONReader.read(Skipper.self, from: bom + bom + Data("{}".utf8))
        }
    }
}
