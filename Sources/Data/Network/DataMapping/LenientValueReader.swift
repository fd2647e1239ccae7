import Domain
import Foundation
import Networking

/// One field's value, read the lenient way real answers need: absent, `null` or of the wrong type
/// reads as `nil`; integers may be written as floats (`181600.0`) or strings; URLs must be http(s).
/// Lengths are bounded as they are read: a string longer than `LenientValue.maximumTextLength`
/// is cut there (ending in "…"), a URL longer than `LenientValue.maximumURLLength` is absent.
/// Both decoders provide one, so a DTO says once which key fills which field.
public protocol LenientValueReader {
    associatedtype Failure: Error
    /// A non-empty string, cut to `LenientValue.maximumTextLength`.
    mutating func lenientString() throws(Failure) -> String?
    /// A whole number, written as an integer, a float without fraction, or a string.
    mutating func lenientInt() throws(Failure) -> Int?
    /// A finite number, or a string holding one.
    mutating func lenientDouble() throws(Failure) -> Double?
    /// A decimal amount, read exactly.
    mutating func lenientDecimal() throws(Failure) -> Decimal?
    /// An http(s) URL's text, of at most `LenientValue.maximumURLLength` bytes.
    mutating func lenientWebURL() throws(Failure) -> WebURLText?
    /// Passes over the value.
    mutating func skip() throws(Failure)
}

/// The rules, shared by both readers.
enum LenientValue {
    /// The most Unicode scalars a text field keeps: real titles, names and genres are far
    /// shorter, and a hostile one of 12,000 would slow every screen that draws it.
    static let maximumTextLength = 500
    /// The most UTF-8 bytes a URL may have; a longer one is not kept (cut, it would lead elsewhere).
    static let maximumURLLength = 2048

    static func string(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// `text`, or its first `maximumTextLength - 1` Unicode scalars and "…" when it is longer.
    static func text(_ text: String) -> String {
        guard text.utf8.count > maximumTextLength else { return text }  // no more bytes than scalars
        let scalars = text.unicodeScalars
        guard let limit = scalars.index(scalars.startIndex, offsetBy: maximumTextLength, limitedBy: scalars.endIndex),
            limit != scalars.endIndex
        else { return text }
        let end = scalars.index(scalars.startIndex, offsetBy: maximumTextLength - 1)
        return String(scalars[..<end]) + "…"
    }

    /// A text field: non-empty, cut to `maximumTextLength`.
    static func boundedString(_ text: String?) -> String? {
        string(text).map(Self.text)
    }

    static func int(_ number: Double) -> Int? {
        number.isFinite && number.rounded() == number && abs(number) < 9e15 ? Int(number) : nil
    }

    /// A decimal number written plainly (`1.99`, `-1`, `12`), read exactly without the general
    /// parser; anything else (exponents, long fractions) goes through `Decimal(string:)`.
    static func decimal<Text: StringProtocol>(_ text: Text) -> Decimal? {
        var significand: UInt64 = 0
        var fractionDigits = 0
        var seenPoint = false
        var digits = 0
        var isNegative = false
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0:
                isNegative = true
            case UInt8(ascii: "."):
                guard !seenPoint else { return Decimal(string: String(text)) }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 18 else { return Decimal(string: String(text)) }
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            default:
                return Decimal(string: String(text))
            }
        }
        guard digits > 0 else { return nil }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
    }

    static func webURL(_ text: String?) -> WebURLText? {
        guard let text = string(text), text.utf8.count <= maximumURLLength else { return nil }
        let lowered = text.prefix(8).lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
        return WebURLText(text: text)
    }
}

/// The text of an http(s) URL, parsed only when a URL is wanted: parsing costs more than
/// reading, and not every URL of an answer is kept.
public struct WebURLText: Decodable, Equatable, Sendable {
    public let text: String

    /// The parsed URL; `nil` when the text is not a valid http(s) URL after all.
    public var url: URL? { link?.url }

    /// The address, checked to be a valid http(s) URL but not parsed when plainly written
    /// (`WebLink`); `nil` when it is not one after all.
    public var link: WebLink? { WebLink(http: text) }

    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    init(text: String) {
        self.text = text
    }
}

/// A value of a `KeyedDecodingContainer` (the `JSONDecoder` path); never fails.
struct ContainerValue<Key: CodingKey>: LenientValueReader {
    let container: KeyedDecodingContainer<Key>
    let key: Key

    func lenientString() -> String? {
        LenientValue.boundedString(rawString())
    }

    private func rawString() -> String? {
        (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
    }

    func lenientInt() -> Int? {
        if let value = try? container.decodeIfPresent(Int.self, forKey: key) { return value }
        if let value = try? container.decodeIfPresent(Double.self, forKey: key) { return LenientValue.int(value) }
        return rawString().flatMap { Int($0) }
    }

    func lenientDouble() -> Double? {
        if let value = try? container.decodeIfPresent(Double.self, forKey: key) { return value.isFinite ? value : nil }
        return rawString().flatMap { Double($0) }
    }

    func lenientDecimal() -> Decimal? {
        if let value = try? container.decodeIfPresent(Decimal.self, forKey: key) { return value }
        return rawString().flatMap(LenientValue.decimal)
    }

    func lenientWebURL() -> WebURLText? {
        LenientValue.webURL(rawString())
    }

    func skip() {}
}

/// The `JSONReader` path: lenient about types, strict about malformed JSON.
extension JSONReader: LenientValueReader {
    public mutating func lenientString() throws(Failure) -> String? {
        switch try peek() {
        case .string: return LenientValue.boundedString(try readString())
        default:
            try skipValue()
            return nil
        }
    }

    public mutating func lenientInt() throws(Failure) -> Int? {
        try lenientNumber(
            fromNumber: { Int($0) ?? Double($0).flatMap(LenientValue.int) }, fromString: { Int($0) })
    }

    public mutating func lenientDouble() throws(Failure) -> Double? {
        try lenientNumber(
            fromNumber: { Double($0).flatMap { $0.isFinite ? $0 : nil } }, fromString: { Double($0) })
    }

    public mutating func lenientDecimal() throws(Failure) -> Decimal? {
        try lenientNumber(fromNumber: LenientValue.decimal, fromString: LenientValue.decimal)
    }

    /// A number, or a string that holds one (the service writes some numbers as text), converted;
    /// any other value is stepped over.
    private mutating func lenientNumber<Value>(
        fromNumber: (Substring) -> Value?, fromString: (String) -> Value?
    ) throws(Failure) -> Value? {
        switch try peek() {
        case .number: return try readNumberText().flatMap(fromNumber)
        case .string: return try readString().flatMap(fromString)
        default:
            try skipValue()
            return nil
        }
    }

    public mutating func lenientWebURL() throws(Failure) -> WebURLText? {
        LenientValue.webURL(try readString())
    }

    public mutating func skip() throws(Failure) {
        try skipValue()
    }
}

/// Any key, for decoding objects whose keys are read one by one.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
