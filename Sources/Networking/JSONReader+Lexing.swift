import Foundation
import JSON

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

    /// Reads the string at `index` (which is a quote) with the package's one string decoder
    /// (`JSONStringDecoder`, one copy when there is no escape), invalid Unicode replaced.
    mutating func readStringValue() throws(Failure) -> String {
        do {
            let (string, end) = try JSONStringDecoder.decode(bytes, from: index + 1, invalidUnicode: .replaced)
            index = end
            return string
        } catch {
            throw .malformed(offset: error.offset, reason: error.description)
        }
    }
}
