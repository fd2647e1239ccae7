extension JSONValue {
    /// The compact JSON text of this value: no whitespace, object members in order.
    ///
    /// Strings escape `"`, `\`, every control character and U+2028 / U+2029 (as `\uXXXX`, or
    /// `\n`, `\r`, `\t`, `\b`, `\f`), so a line of it never breaks a line-based transport or a
    /// JavaScript parser. A `.number` is written in the shortest form that parses back to the
    /// same `Double`, always with a fraction or an exponent (`3.0`, `1e+20`), so it reads back
    /// as `.number`; NaN and infinities are written as `null`. Nesting is walked without
    /// recursion, so any depth is written.
    /// - Returns: The UTF-8 bytes.
    public func serialized() -> [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.output
    }

    /// The compact JSON text of this value as a string; see `serialized()`.
    public var serializedString: String { String(decoding: serialized(), as: UTF8.self) }
}

/// Writes values with an explicit stack instead of recursion.
struct JSONWriter {
    var output: [UInt8] = []

    private enum Frame {
        case array([JSONValue], next: Int)
        case object([JSONObject.Member], next: Int)
    }

    mutating func write(_ root: JSONValue) {
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                case .object(let object):
                    output.append(UInt8(ascii: "{"))
                    stack.append(.object(object.members, next: 0))
                default:
                    writeScalar(value)
                }
                continue
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(let elements, let next):
                if next == elements.count {
                    output.append(UInt8(ascii: "]"))
                } else {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    stack.append(.array(elements, next: next + 1))
                    pending = elements[next]
                }
            case .object(let members, let next):
                if next == members.count {
                    output.append(UInt8(ascii: "}"))
                } else {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    writeString(members[next].key)
                    output.append(UInt8(ascii: ":"))
                    stack.append(.object(members, next: next + 1))
                    pending = members[next].value
                }
            }
        }
    }

    private mutating func writeScalar(_ value: JSONValue) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer): output.append(contentsOf: String(integer).utf8)
        case .number(let number):
            if number.isFinite {
                output.append(contentsOf: number.description.utf8)
            } else {
                output.append(contentsOf: "null".utf8)
            }
        case .string(let string): writeString(string)
        case .array, .object: break  // written by `write(_:)`
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0) }) == nil {
            Array(string.utf8).withUnsafeBufferPointer { writeEscaped($0) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Copies runs of bytes that need no escape whole; escapes `"`, `\`, C0 controls, DEL, C1
    /// controls (U+0080–U+009F: `U+009B` is a CSI to some terminals), the bidirectional marks and
    /// overrides (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and U+2028 / U+2029, so
    /// that no text in the JSON can drive a terminal that prints it, or reorder what it shows.
    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // Printable ASCII other than `"` and `\`, the common case, first.
            if byte >= 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C {
                index += 1
                continue
            }
            if byte < 0x80 {
                output.append(contentsOf: bytes[runStart..<index])
                writeEscape(byte)
                index += 1
                runStart = index
                continue
            }
            guard let scalar = Self.inertScalar(bytes, at: index) else {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            writeUnicodeEscape(scalar.value)
            index += scalar.length
            runStart = index
        }
        output.append(contentsOf: bytes[runStart..<index])
    }

    /// The two- or three-byte UTF-8 sequence at `index` when it is a scalar escaped to keep the
    /// text inert (C1, bidirectional, line and paragraph separators), with its length.
    private static func inertScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
        value: UInt32, length: Int
    )? {
        let byte = bytes[index]
        guard index + 1 < bytes.count else { return nil }
        let second = bytes[index + 1]
        switch byte {
        case 0xC2 where (0x80...0x9F).contains(second): return (UInt32(second), 2)
        case 0xD8 where second == 0x9C: return (0x061C, 2)
        case 0xE2 where index + 2 < bytes.count:
            let value = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            switch value {
            case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return (value, 3)
            default: return nil
            }
        default: return nil
        }
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case 0x22: output.append(contentsOf: #"\""#.utf8)
        case 0x5C: output.append(contentsOf: #"\\"#.utf8)
        case 0x0A: output.append(contentsOf: #"\n"#.utf8)
        case 0x0D: output.append(contentsOf: #"\r"#.utf8)
        case 0x09: output.append(contentsOf: #"\t"#.utf8)
        case 0x08: output.append(contentsOf: #"\b"#.utf8)
        case 0x0C: output.append(contentsOf: #"\f"#.utf8)
        default: writeUnicodeEscape(UInt32(byte))
        }
    }

    private mutating func writeUnicodeEscape(_ code: UInt32) {
        output.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(Self.hexDigits[Int((code >> UInt32(shift)) & 0xF)])
        }
    }
}
