import Foundation
import Platform

/// Entity tags of JSON answers: a hash of the bytes, so the same answer has the same tag.
enum ETag {
    /// `"` + 16 hexadecimal digits of the body's 64-bit FNV-1a hash + `"`.
    static func of(_ body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// Whether an `If-None-Match` value (`*`, or tags separated by commas, weak or strong)
    /// names `tag` (compared weakly, as RFC 9110 says for `If-None-Match`).
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var value = String(candidate).trimmingWhitespace()
            if value == "*" { return true }
            if value.hasPrefix("W/") { value = String(value.dropFirst(2)) }
            return value == tag
        }
    }
}
