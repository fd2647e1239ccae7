import Foundation

/// A type that reads itself with a `JSONReader`, so `JSONResponseDecoder` can skip the
/// general-purpose `JSONDecoder` for it (several times faster on large answers).
public protocol JSONReadable {
    /// Reads one value of this type at the reader's position.
    /// - Throws: `JSONReader.Failure` when the JSON is malformed or not of the expected shape.
    init(reading reader: inout JSONReader) throws(JSONReader.Failure)
}

/// A forward-only reader of JSON over UTF-8 bytes (RFC 8259), for types that read themselves.
/// Strings are unescaped (surrogate pairs included) and invalid UTF-8 becomes U+FFFD. A leading
/// byte-order mark is skipped (RFC 8259 §8.1). Arrays and objects nest at most `maximumDepth`
/// levels: reading them recurses, so a deeper document is refused rather than overflowing the stack.
public struct JSONReader {
    /// How deeply arrays and objects may nest. Real answers nest a few levels; a hostile one
    /// may nest a million.
    public static let maximumDepth = 128
    /// What went wrong, and where.
    public enum Failure: Error, Equatable, Sendable {
        /// Not JSON: the byte at `offset` cannot continue what came before.
        case malformed(offset: Int, reason: String)
        /// JSON, but not of the shape the reading type expects.
        case unexpectedShape(String)
    }

    /// The kind of the next value.
    public enum Kind: Equatable, Sendable {
        case object, array, string, number, bool, null
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// Reads a whole document: one value, with only white space around it.
    /// - Parameters:
    ///   - type: What the document holds.
    ///   - data: The document.
    /// - Returns: The value.
    /// - Throws: `Failure`.
    public static func read<T: JSONReadable>(_ type: T.Type, from data: Data) throws(Failure) -> T {
        let result: Result<T, Failure> = data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Failure) {
                let value = try T(reading: &reader)
                reader.skipWhitespace()
                guard reader.index == reader.bytes.count else {
                    throw .malformed(offset: reader.index, reason: "text after the end of the value")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: Structure

    /// The kind of the next value.
    /// - Throws: `Failure.malformed` at the end of the input or before a byte no value starts with.
    public mutating func peek() throws(Failure) -> Kind {
        skipWhitespace()
        guard index < bytes.count else { throw .malformed(offset: index, reason: "unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw .malformed(offset: index, reason: "no value starts with this byte")
        }
    }

    /// Reads an object, calling `member` with each key; `member` must read or skip the value.
    /// - Throws: `Failure.unexpectedShape` when the next value is not an object.
    public mutating func readObject(_ member: (inout JSONReader, String) throws(Failure) -> Void) throws(Failure) {
        guard try peek() == .object else { throw .unexpectedShape("expected an object") }
        try enterContainer()
        defer { depth -= 1 }
        if try consume(UInt8(ascii: "}")) { return }
        repeat {
            guard try peek() == .string else { throw .malformed(offset: index, reason: "expected a key") }
            let key = try readStringValue()
            guard try consume(UInt8(ascii: ":")) else { throw .malformed(offset: index, reason: "expected ':'") }
            try member(&self, key)
        } while try consume(UInt8(ascii: ","))
        guard try consume(UInt8(ascii: "}")) else { throw .malformed(offset: index, reason: "expected ',' or '}'") }
    }

    /// Reads an array, calling `element` for each element; `element` must read or skip it.
    /// - Throws: `Failure.unexpectedShape` when the next value is not an array.
    public mutating func readArray(_ element: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        guard try peek() == .array else { throw .unexpectedShape("expected an array") }
        try enterContainer()
        defer { depth -= 1 }
        if try consume(UInt8(ascii: "]")) { return }
        repeat {
            try element(&self)
        } while try consume(UInt8(ascii: ","))
        guard try consume(UInt8(ascii: "]")) else { throw .malformed(offset: index, reason: "expected ',' or ']'") }
    }

    /// Steps into the array or object at `index`, one level deeper.
    private mutating func enterContainer() throws(Failure) {
        guard depth < Self.maximumDepth else {
            throw .malformed(offset: index, reason: "nested more than \(Self.maximumDepth) levels deep")
        }
        depth += 1
        index += 1
    }

    /// Whether arrays and objects in `data` nest at most `maximumDepth` levels, found without
    /// recursion: a check before handing a document to a decoder that recurses.
    /// - Parameters:
    ///   - data: A JSON document (or anything: brackets inside strings are not counted).
    ///   - maximumDepth: The deepest nesting allowed.
    /// - Returns: `false` when some bracket opens a level deeper than `maximumDepth`.
    public static func nestingIsWithin(_ maximumDepth: Int = maximumDepth, in data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var depth = 0
            var inString = false
            var escaped = false
            for byte in raw {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > maximumDepth { return false }
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
            return true
        }
    }

    // MARK: Scalars

    /// Reads a string, or `nil` when the value is of another kind (which is skipped).
    public mutating func readString() throws(Failure) -> String? {
        guard try peek() == .string else {
            try skipValue()
            return nil
        }
        return try readStringValue()
    }

    /// Reads a number's text exactly as written (`181600.0`, `-1`, `1e3`), or `nil` when the
    /// value is of another kind (which is skipped).
    public mutating func readNumberText() throws(Failure) -> Substring? {
        guard try peek() == .number else {
            try skipValue()
            return nil
        }
        let start = index
        try skipNumber()
        return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Skips the next value, whatever it is.
    public mutating func skipValue() throws(Failure) {
        switch try peek() {
        case .object: try readObject { reader, _ throws(Failure) in try reader.skipValue() }
        case .array: try readArray { reader throws(Failure) in try reader.skipValue() }
        case .string: try skipString()
        case .number: try skipNumber()
        case .bool: try expectLiteral(bytes[index] == UInt8(ascii: "t") ? "true" : "false")
        case .null: try expectLiteral("null")
        }
    }

    // MARK: Lexing

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` if it comes next (after white space).
    private mutating func consume(_ byte: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw .malformed(offset: index, reason: "unexpected end") }
        guard bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count,
            expected.indices.allSatisfy({ bytes[index + $0] == expected[$0] })
        else { throw .malformed(offset: index, reason: "invalid literal") }
        index += expected.count
    }

    private mutating func skipNumber() throws(Failure) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): break
            default:
                guard digits > 0 else { throw .malformed(offset: start, reason: "invalid number") }
                return
            }
            index += 1
        }
        guard digits > 0 else { throw .malformed(offset: start, reason: "invalid number") }
    }

    private mutating func skipString() throws(Failure) {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            case 0x00..<0x20: throw .malformed(offset: index, reason: "control character in a string")
            default: index += 1
            }
        }
        throw .malformed(offset: index, reason: "unterminated string")
    }

    /// Reads the string at `index` (which is a quote). Fast path: no escapes, one copy.
    private mutating func readStringValue() throws(Failure) -> String {
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw .malformed(offset: end, reason: "control character in a string") }
            end += 1
        }
        return try readEscapedString(from: start, prefixEnd: end)
    }

    private mutating func readEscapedString(from start: Int, prefixEnd: Int) throws(Failure) -> String {
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<prefixEnd]))
        var position = prefixEnd
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                index = position + 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position + 1 < bytes.count else { break }
                let escape = bytes[position + 1]
                position += 2
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad(at: position)
                    position += 4
                    if (0xD800..<0xDC00).contains(scalar), position + 6 <= bytes.count,
                        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    {
                        let low = try hexQuad(at: position + 2)
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            position += 6
                        }
                    }
                    utf8.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default:
                    throw .malformed(offset: position - 1, reason: "invalid escape")
                }
            case 0x00..<0x20:
                throw .malformed(offset: position, reason: "control character in a string")
            default:
                utf8.append(byte)
                position += 1
            }
        }
        throw .malformed(offset: position, reason: "unterminated string")
    }

    private func hexQuad(at position: Int) throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw .malformed(offset: position, reason: "short \\u escape") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .malformed(offset: position + offset, reason: "invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
