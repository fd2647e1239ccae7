import Foundation

/// The reader's lexing: whitespace, literals, numbers and strings, byte by byte.
extension JSONReader {
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` if it comes next (after white space).
    mutating func consume(_ byte: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw .malformed(offset: index, reason: "unexpected end") }
        guard bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count,
            expected.indices.allSatisfy({ bytes[index + $0] == expected[$0] })
        else { throw .malformed(offset: index, reason: "invalid literal") }
        index += expected.count
    }

    mutating func skipNumber() throws(Failure) {
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

    mutating func skipString() throws(Failure) {
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
    mutating func readStringValue() throws(Failure) -> String {
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

    mutating func readEscapedString(from start: Int, prefixEnd: Int) throws(Failure) -> String {
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

    func hexQuad(at position: Int) throws(Failure) -> UInt32 {
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
