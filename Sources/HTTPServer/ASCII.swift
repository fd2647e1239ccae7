/// Byte-level helpers for HTTP's ASCII grammar.
enum ASCII {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let carriageReturn: UInt8 = 0x0D
    static let lineFeed: UInt8 = 0x0A
    static let colon: UInt8 = 0x3A

    /// `byte` lower-cased when it is an ASCII capital letter.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether two byte strings are equal ignoring ASCII case.
    static func equalIgnoringCase(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// Whether `byte` may appear in a token (a method, a header field's name): RFC 9110 §5.6.2.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// Whether `byte` may appear in a field's value: visible characters, space, tab, and
    /// bytes above ASCII (RFC 9110 §5.5); never a control character such as CR, LF or NUL.
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Whether every byte of `text` is a token character and there is at least one.
    static func isToken(_ text: some Collection<UInt8>) -> Bool {
        !text.isEmpty && text.allSatisfy(isTokenCharacter)
    }

    /// Whether a comma-separated list (a `Connection` field's value) holds `option`, ignoring
    /// ASCII case and the white space around each element.
    static func list(_ value: String, contains option: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                var first = start
                var last = end
                while first < last, bytes[first] == space || bytes[first] == tab { first += 1 }
                while last > first, bytes[last - 1] == space || bytes[last - 1] == tab { last -= 1 }
                if equalIgnoringCase(bytes[first..<last], option.utf8) { return true }
                start = end + 1
            }
            return false
        }
    }
}
