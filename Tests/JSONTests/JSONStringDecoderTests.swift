import JSON
import XCTest

/// The one JSON string decoder, on its own: both ways with invalid Unicode, and where it stops.
final class JSONStringDecoderTests: XCTestCase {
    /// Decodes `text`, which starts with the string's opening quote.
    private func decode(
        _ text: String, _ invalidUnicode: JSONStringDecoder.InvalidUnicode = .rejected
    ) throws(JSONStringDecoder.Failure) -> (string: String, end: Int) {
        try decode(Array(text.utf8), invalidUnicode)
    }

    private func decode(
        _ bytes: [UInt8], _ invalidUnicode: JSONStringDecoder.InvalidUnicode = .rejected
    ) throws(JSONStringDecoder.Failure) -> (string: String, end: Int) {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONStringDecoder.Failure) in
            try JSONStringDecoder.decode(buffer, from: 1, invalidUnicode: invalidUnicode)
        }
    }

    private func failure(
        _ text: String, _ invalidUnicode: JSONStringDecoder.InvalidUnicode = .rejected
    ) -> JSONStringDecoder.Failure? {
        do {
            _ = try decode(text, invalidUnicode)
            return nil
        } catch {
            return error
        }
    }

    func testGivenAPlainStringWhenDecodedThenItEndsAfterItsClosingQuote() throws {
        let decoded = try decode(#""Beyoncé 한글", 1"#)
        XCTAssertEqual(decoded.string, "Beyoncé 한글")
        XCTAssertEqual(decoded.end, Array(#""Beyoncé 한글""#.utf8).count)
    }

    func testGivenEveryEscapeWhenDecodedThenEachStandsForItsCharacter() throws {
        let decoded = try decode(#""a\"b\\c\/d\be\ff\ng\rh\ti\u00e9\u2019\ud83c\udfb8 z" tail"#)
        XCTAssertEqual(decoded.string, "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti\u{E9}\u{2019}\u{1F3B8} z")
        XCTAssertEqual(decoded.end, Array(#""a\"b\\c\/d\be\ff\ng\rh\ti\u00e9\u2019\ud83c\udfb8 z""#.utf8).count)
    }

    func testGivenLoneSurrogatesWhenRejectedThenEachStopsAfterTheEscapeItCannotPair() {
        XCTAssertEqual(failure(#""\ud800""#), JSONStringDecoder.Failure(.loneSurrogate, at: 7))
        XCTAssertEqual(failure(#""\udc00""#), JSONStringDecoder.Failure(.loneSurrogate, at: 7))
        XCTAssertEqual(failure(#""\ud800\u0041""#), JSONStringDecoder.Failure(.loneSurrogate, at: 13))
    }

    func testGivenLoneSurrogatesWhenReplacedThenEachIsUFFFDAndWhatFollowsIsKept() throws {
        XCTAssertEqual(try decode(#""\ud800""#, .replaced).string, "\u{FFFD}")
        XCTAssertEqual(try decode(#""\udc00x""#, .replaced).string, "\u{FFFD}x")
        XCTAssertEqual(try decode(#""\ud800\u0041""#, .replaced).string, "\u{FFFD}A")
        XCTAssertEqual(try decode(#""\ud800\ud83d\ude00""#, .replaced).string, "\u{FFFD}\u{1F600}")
    }

    func testGivenInvalidUTF8WhenRejectedThenItFailsAfterTheStringAndWhenReplacedItIsUFFFD() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0xC3, 0x22]
        XCTAssertThrowsError(try decode(bytes)) { error in
            XCTAssertEqual(error as? JSONStringDecoder.Failure, JSONStringDecoder.Failure(.invalidUTF8, at: 5))
        }
        XCTAssertEqual(try decode(bytes, .replaced).string, "a\u{FFFD}\u{FFFD}")
        // After an escape too, where the string is built in a buffer of its own.
        XCTAssertEqual(try decode([0x22, 0x5C, 0x6E, 0xFF, 0x22], .replaced).string, "\n\u{FFFD}")
    }

    func testGivenMalformedStringsWhenDecodedEitherWayThenTheReasonAndOffsetAreTheSame() {
        let cases: [(String, JSONStringDecoder.Failure)] = [
            (#""open"#, .init(.unterminated, at: 5)),
            (#""a\"#, .init(.unterminated, at: 3)),  // a backslash ends the input
            (#""a\n"#, .init(.unterminated, at: 4)),
            ("\"a\u{1}\"", .init(.controlCharacter, at: 2)),
            ("\"\\n\u{1F}\"", .init(.controlCharacter, at: 3)),
            (#""\x""#, .init(.invalidEscape, at: 2)),
            (#""\u12""#, .init(.shortUnicodeEscape, at: 3)),
            (#""\u12G4""#, .init(.invalidUnicodeEscape, at: 5)),
            (#""\ud800\u12""#, .init(.shortUnicodeEscape, at: 9)),
            (#""\ud800\uZ000""#, .init(.invalidUnicodeEscape, at: 9)),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(failure(text), expected, text)
            XCTAssertEqual(failure(text, .replaced), expected, text)
        }
    }

    func testGivenEachFailureThenItsDescriptionIsAFewWords() {
        XCTAssertEqual(JSONStringDecoder.Failure(.unterminated, at: 0).description, "unterminated string")
        XCTAssertEqual(JSONStringDecoder.Failure(.shortUnicodeEscape, at: 0).description, "short \\u escape")
    }
}
