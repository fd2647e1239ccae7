import JSON
import XCTest

final class JSONValueTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

    private func reason(_ text: String, maximumDepth: Int = 64) -> JSONParseError.Reason? {
        do {
            _ = try JSONValue.parse(Array(text.utf8), maximumDepth: maximumDepth)
            return nil
        } catch {
            return error.reason
        }
    }

    func testGivenEveryKindWhenParsedThenValuesAndMemberOrderAreKept() throws {
        let value = try parse(#" {"z": 1, "a": [true, false, null], "m": -2.5e3, "s": "x\u00e9\n"} "#)
        XCTAssertEqual(value.objectValue?.keys, ["z", "a", "m", "s"])
        XCTAssertEqual(value["z"], .integer(1))
        XCTAssertEqual(value["a"], [true, false, nil])
        XCTAssertEqual(value["m"], .number(-2500))
        XCTAssertEqual(value["s"]?.stringValue, "x\u{e9}\n")
        XCTAssertEqual(value.serializedString, #"{"z":1,"a":[true,false,null],"m":-2500.0,"s":"x\#u{e9}\n"}"#)
    }

    func testGivenValuesWhenSerializedAndParsedBackThenTheyAreEqual() throws {
        let values: [JSONValue] = [
            ["b": 1, "a": ["nested": [1, 2.5, "three", nil, true]]],
            .number(0.1), .number(1e300), .number(-Double.leastNonzeroMagnitude), .number(3), .integer(Int.min),
            .integer(Int.max),
            "quote \" backslash \\ slash / tab \t bell \u{7} nul \u{0} emoji \u{1F600}", [:], [],
        ]
        for value in values {
            XCTAssertEqual(try JSONValue.parse(value.serialized()), value, value.serializedString)
        }
    }

    func testGivenIntegralDoubleWhenSerializedThenItKeepsAFractionAndReadsBackAsNumber() throws {
        XCTAssertEqual(JSONValue.number(3).serializedString, "3.0")
        XCTAssertEqual(try parse("3.0"), .number(3))
        XCTAssertEqual(try parse("3"), .integer(3))
    }

    func testGivenNonFiniteNumbersWhenSerializedThenTheyAreNull() {
        XCTAssertEqual(
            JSONValue.array([.number(.nan), .number(.infinity), .number(-.infinity)]).serializedString,
            "[null,null,null]")
    }

    func testGivenControlCharactersAndLineSeparatorsWhenSerializedThenTheyAreEscaped() {
        let text = JSONValue.string("a\u{1}b\u{1f}c\u{2028}d\u{2029}e\"\\\r").serializedString
        XCTAssertEqual(text, #""a\u0001b\u001fc\u2028d\u2029e\"\\\r""#)
    }

    func testGivenC1AndBidirectionalControlsWhenSerializedThenTheyAreEscapedAndOtherTextKept() throws {
        let original = "\u{7F}a\u{9B}31m\u{80}b\u{202E}c\u{2066}d\u{200F}e\u{61C}é€\u{2030}\u{A0}😀"
        let text = JSONValue.string(original).serializedString
        XCTAssertEqual(text, #""\u007fa\u009b31m\u0080b\u202ec\u2066d\u200fe\u061cé€‰\#u{A0}😀""#)
        XCTAssertEqual(try JSONValue.parse(text), .string(original))
    }

    func testGivenBigIntegersWhenParsedThenThoseBeyondIntAreNumbers() throws {
        XCTAssertEqual(try parse("9223372036854775807"), .integer(Int.max))
        XCTAssertEqual(try parse("-9223372036854775808"), .integer(Int.min))
        XCTAssertEqual(try parse("9223372036854775808"), .number(9_223_372_036_854_775_808))
    }

    func testGivenMalformedTextWhenParsedThenTheReasonIsReported() {
        XCTAssertEqual(reason("[1,]"), .unexpectedByte(UInt8(ascii: "]")))
        XCTAssertEqual(reason(#"{"a":1,}"#), .unexpectedByte(UInt8(ascii: "}")))
        XCTAssertEqual(reason("NaN"), .unexpectedByte(UInt8(ascii: "N")))
        XCTAssertEqual(reason("-Infinity"), .invalidNumber)
        XCTAssertEqual(reason("01"), .invalidNumber)
        XCTAssertEqual(reason("-"), .invalidNumber)
        XCTAssertEqual(reason("1."), .invalidNumber)
        XCTAssertEqual(reason("1e+"), .invalidNumber)
        XCTAssertEqual(reason("1e400"), .invalidNumber)
        XCTAssertEqual(reason("'a'"), .unexpectedByte(UInt8(ascii: "'")))
        XCTAssertEqual(reason(#""\ud800""#), .invalidString)
        XCTAssertEqual(reason(#""\udc00""#), .invalidString)
        XCTAssertEqual(reason(#""\ud800\u0041""#), .invalidString)
        XCTAssertEqual(reason("\"a\u{1}\""), .invalidString)
        XCTAssertEqual(reason(#""\x""#), .invalidString)
        XCTAssertEqual(reason(#"{"a":1,"a":2}"#), .duplicateKey("a"))
        XCTAssertEqual(reason("[1] 2"), .trailingBytes)
        XCTAssertEqual(reason("tru"), .unexpectedEnd)
        XCTAssertEqual(reason(""), .unexpectedEnd)
        XCTAssertEqual(reason(#"{"a" 1}"#), .unexpectedByte(UInt8(ascii: "1")))
    }

    func testGivenASurrogatePairWhenParsedThenItIsOneScalar() throws {
        XCTAssertEqual(try parse(#""\ud83d\ude00""#), .string("\u{1F600}"))
    }

    func testGivenInvalidUTF8WhenParsedThenItIsRejected() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
            XCTAssertThrowsError(try JSONValue.parse(bytes)) { error in
                XCTAssertEqual((error as? JSONParseError)?.reason, .invalidUTF8)
            }
        }
    }

    func testGivenNestingDeeperThanTheBoundWhenParsedThenItFailsWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(reason(deep), .tooDeep)
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        XCTAssertEqual(reason(objects), .tooDeep)
        let atTheBound = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNil(reason(atTheBound))
        XCTAssertEqual(reason(atTheBound, maximumDepth: 63), .tooDeep)
    }

    func testGivenADeeplyNestedValueWhenSerializedThenItIsWrittenWithoutRecursion() {
        var value: JSONValue = 1
        for _ in 0..<10_000 { value = [value] }
        let text = value.serialized()
        XCTAssertEqual(text.count, 20_001)
        XCTAssertEqual(text.prefix(3), Array("[[[".utf8)[...])
    }

    func testGivenAnObjectWhenMembersAreSetAndRemovedThenOrderAndLookupFollow() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        object["a"] = 10
        object["d"] = 4
        XCTAssertEqual(object.keys, ["a", "c", "d"])
        XCTAssertEqual(object["c"], 3)
        XCTAssertEqual(object["a"], 10)
        XCTAssertNil(object["b"])
        XCTAssertEqual(JSONValue.object(object).serializedString, #"{"a":10,"c":3,"d":4}"#)
    }

    func testGivenValuesWhenAccessedThenAccessorsAnswerOnlyTheirKind() {
        let value: JSONValue = ["n": 2.0, "i": 7, "s": "t", "b": false, "l": [1]]
        XCTAssertEqual(value["n"]?.intValue, 2)
        XCTAssertEqual(value["i"]?.doubleValue, 7)
        XCTAssertEqual(value["s"]?.stringValue, "t")
        XCTAssertNil(value["s"]?.intValue)
        XCTAssertEqual(value["b"]?.boolValue, false)
        XCTAssertEqual(value["l"]?[0], 1)
        XCTAssertNil(value["l"]?[1])
        XCTAssertNil(value["missing"])
        XCTAssertTrue(JSONValue.null.isNull)
    }
}

final class JSONTextBuilderTests: XCTestCase {
    func testGivenNestedPiecesWhenBuiltThenTheTextIsTheSerializedValue() {
        let expected: JSONValue = ["a": [1, "two", nil, ["x": true]], "b": [:], "c": [], "d": .number(2.5)]
        var text = JSONTextBuilder()
        text.beginObject()
        text.key("a")
        text.beginArray()
        text.value(1)
        text.value("two")
        text.value(nil)
        text.value(["x": true])
        text.endArray()
        text.key("b")
        text.beginObject()
        text.endObject()
        text.key("c")
        text.beginArray()
        text.endArray()
        text.key("d")
        text.value(.number(2.5))
        text.endObject()
        XCTAssertEqual(String(decoding: text.bytes, as: UTF8.self), expected.serializedString)
    }
}
