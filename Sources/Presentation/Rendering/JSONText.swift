import Foundation
import TerminalUI

/// JSON string literals that are also inert on a terminal: besides what JSON requires, control
/// and bidirectional characters (and U+2028/U+2029) are written as `\uXXXX` escapes. The text is
/// kept exactly. Works on UTF-8 bytes: rendering hundreds of rows must take microseconds each.
enum JSONText {
    /// - Parameter value: Any text.
    /// - Returns: The JSON string literal, quotes included.
    static func quoted(_ value: String) -> String {
        var buffer: [UInt8] = []
        appendQuoted(value, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends the JSON string literal of `value` to `buffer`.
    static func appendQuoted(_ value: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // Copy the run of bytes that need nothing in one go.
                var runEnd = index
                while runEnd < bytes.count, isPlain(bytes[runEnd]) { runEnd += 1 }
                if runEnd > index {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
                    index = runEnd
                    if index == bytes.count { break }
                }
                let byte = bytes[index]
                if byte < 0x80 {
                    appendASCII(byte, to: &buffer)
                    index += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(index + length, bytes.count)
                if let scalar = scalarValue(bytes, index, length), needsEscape(scalar) {
                    appendEscape(scalar, to: &buffer)
                } else {
                    buffer.append(contentsOf: bytes[index..<end])
                }
                index = end
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Printable ASCII other than `"` and `\`: written as it is.
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private static func appendASCII(_ byte: UInt8, to buffer: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x00..<0x20, 0x7F: appendEscape(UInt32(byte), to: &buffer)
        default: buffer.append(byte)
        }
    }

    /// The scalar of a two- or three-byte sequence (the only lengths that can need escaping).
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ length: Int) -> UInt32? {
        guard index + length <= bytes.count else { return nil }
        switch length {
        case 2: return UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        case 3:
            return UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                | UInt32(bytes[index + 2] & 0x3F)
        default: return nil
        }
    }

    private static func needsEscape(_ scalar: UInt32) -> Bool {
        guard let unicode = Unicode.Scalar(scalar) else { return false }
        return TerminalSanitizer.isControl(unicode) || scalar == 0x2028 || scalar == 0x2029
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendEscape(_ scalar: UInt32, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) {
            buffer.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }
}
