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

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

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
}
