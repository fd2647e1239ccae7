/// Why bytes are not one JSON text, and where the parser stopped.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The input ended inside a value.
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedByte(UInt8)
        /// A number that breaks the grammar (a leading zero, a lone `-`, `1.`, `1e`).
        case invalidNumber
        /// A bad escape, a raw control character or a lone surrogate in a string.
        case invalidString
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A name that appears twice in one object.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than allowed.
        case tooDeep
        /// Something after the value other than whitespace.
        case trailingBytes
    }

    /// What went wrong.
    public var reason: Reason
    /// The byte offset at which the parser stopped.
    public var offset: Int

    /// A short English description.
    public var description: String {
        switch reason {
        case .unexpectedEnd: return "unexpected end of input"
        case .unexpectedByte(let byte): return "unexpected byte 0x\(String(byte, radix: 16)) at offset \(offset)"
        case .invalidNumber: return "invalid number at offset \(offset)"
        case .invalidString: return "invalid string at offset \(offset)"
        case .invalidUTF8: return "invalid UTF-8 at offset \(offset)"
        case .duplicateKey(let key): return "duplicate member \"\(key)\" at offset \(offset)"
        case .tooDeep: return "nested too deeply at offset \(offset)"
        case .trailingBytes: return "unexpected data after the value at offset \(offset)"
        }
    }
}
