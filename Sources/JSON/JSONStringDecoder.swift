/// Reads one JSON string (RFC 8259 §7) out of UTF-8 bytes: escapes undone, a surrogate pair
/// joined into one scalar. The package's one string decoder: `JSONValue.parse` reads its strings
/// with it, and so may any reader of JSON that keeps its own errors (it maps `Failure`).
///
/// A string without escapes is copied once, straight into the `String`.
public enum JSONStringDecoder {
    /// What becomes of text that is not Unicode: a surrogate escape without its other half
    /// (`\ud800`), or bytes that are not UTF-8.
    public enum InvalidUnicode: Sendable {
        /// The string is refused (`Failure.Reason.loneSurrogate`, `.invalidUTF8`): a strict parser.
        case rejected
        /// U+FFFD takes its place: a lenient reader of answers it does not control.
        case replaced
    }

    /// Why the bytes are not a JSON string, and where the decoder stopped.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong.
        public enum Reason: Sendable, Hashable {
            /// The input ended before the closing quote.
            case unterminated
            /// A raw control character (U+0000 to U+001F), which must be escaped.
            case controlCharacter
            /// A backslash before a character no escape starts with (`\x`).
            case invalidEscape
            /// `\u` with fewer than four characters after it before the input ends.
            case shortUnicodeEscape
            /// `\u` followed by a character that is not a hexadecimal digit.
            case invalidUnicodeEscape
            /// A surrogate escape without its other half (only when `InvalidUnicode.rejected`).
            case loneSurrogate
            /// Bytes that are not UTF-8 (only when `InvalidUnicode.rejected`).
            case invalidUTF8
        }

        /// What went wrong.
        public var reason: Reason
        /// The byte offset at which the decoder stopped.
        public var offset: Int

        /// - Parameters:
        ///   - reason: What went wrong.
        ///   - offset: Where.
        public init(_ reason: Reason, at offset: Int) {
            self.reason = reason
            self.offset = offset
        }

        /// A few English words for the reason, without the offset: `unterminated string`.
        public var description: String {
            switch reason {
            case .unterminated: "unterminated string"
            case .controlCharacter: "control character in a string"
            case .invalidEscape: "invalid escape"
            case .shortUnicodeEscape: "short \\u escape"
            case .invalidUnicodeEscape: "invalid \\u escape"
            case .loneSurrogate: "lone surrogate"
            case .invalidUTF8: "invalid UTF-8"
            }
        }
    }

    /// Decodes the string whose text starts at `start`, just after its opening quote.
    /// - Parameters:
    ///   - bytes: The UTF-8 input.
    ///   - start: The index just after the opening quote.
    ///   - invalidUnicode: Whether a lone surrogate or invalid UTF-8 is refused or replaced.
    /// - Returns: The string, and the index just after its closing quote.
    /// - Throws: `Failure`, its offset the byte where decoding stopped (for invalid UTF-8, just
    ///   after the closing quote; for input that ends too soon, the input's end).
    public static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, invalidUnicode: InvalidUnicode
    ) throws(Failure) -> (string: String, end: Int) {
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                let end = position + 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
                return (try string(from: text, invalidUnicode, end: end), end)
            }
            if byte == backslash {
                return try decodeEscaped(bytes, from: start, firstEscape: position, invalidUnicode)
            }
            if byte < 0x20 { throw Failure(.controlCharacter, at: position) }
            position += 1
        }
        throw Failure(.unterminated, at: position)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// The slow path: from the first escape on, the string is built in a buffer of its own.
    private static func decodeEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, firstEscape: Int, _ invalidUnicode: InvalidUnicode
    ) throws(Failure) -> (string: String, end: Int) {
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
        var position = firstEscape
        while position < bytes.count {
            switch bytes[position] {
            case quote:
                let end = position + 1
                return (try string(from: utf8, invalidUnicode, end: end), end)
            case backslash:
                position = try unescape(bytes, at: position + 1, into: &utf8, invalidUnicode)
            case 0x00..<0x20:
                throw Failure(.controlCharacter, at: position)
            default:
                let run = position
                repeat {
                    position += 1
                } while position < bytes.count && bytes[position] >= 0x20
                    && bytes[position] != quote && bytes[position] != backslash
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
            }
        }
        throw Failure(.unterminated, at: position)
    }

    /// Appends what the escape whose letter is at `position` stands for.
    /// - Returns: The index after the escape (after both halves of a surrogate pair).
    private static func unescape(
        _ bytes: UnsafeBufferPointer<UInt8>, at position: Int, into utf8: inout [UInt8],
        _ invalidUnicode: InvalidUnicode
    ) throws(Failure) -> Int {
        guard position < bytes.count else { throw Failure(.unterminated, at: position) }
        let escape = bytes[position]
        switch escape {
        case quote, backslash, UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(bytes, at: position + 1)
            var next = position + 5
            if (0xD800..<0xDC00).contains(scalar) {
                if next + 1 < bytes.count, bytes[next] == backslash, bytes[next + 1] == UInt8(ascii: "u") {
                    let low = try hexQuad(bytes, at: next + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        next += 6
                    } else if invalidUnicode == .rejected {
                        throw Failure(.loneSurrogate, at: next + 6)
                    }
                } else if invalidUnicode == .rejected {
                    throw Failure(.loneSurrogate, at: next)
                }
            } else if (0xDC00..<0xE000).contains(scalar), invalidUnicode == .rejected {
                throw Failure(.loneSurrogate, at: next)
            }
            // Only a lone surrogate is no scalar, and it gets here only to be replaced.
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { utf8.append($0) }
            return next
        default:
            throw Failure(.invalidEscape, at: position)
        }
        return position + 1
    }

    /// The four hexadecimal digits at `position`, as a number.
    private static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw Failure(.shortUnicodeEscape, at: position) }
        var value: UInt32 = 0
        for offset in position..<position + 4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure(.invalidUnicodeEscape, at: offset)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The string the UTF-8 spells, its invalid bytes refused or replaced.
    private static func string(
        from utf8: some Collection<UInt8>, _ invalidUnicode: InvalidUnicode, end: Int
    ) throws(Failure) -> String {
        switch invalidUnicode {
        case .replaced:
            return String(decoding: utf8, as: UTF8.self)
        case .rejected:
            guard let string = String(validating: utf8, as: UTF8.self) else { throw Failure(.invalidUTF8, at: end) }
            return string
        }
    }
}
