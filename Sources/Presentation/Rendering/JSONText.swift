import Foundation

/// JSON string literals that are also inert on a terminal: besides what JSON requires, control
/// and bidirectional characters are written as `\uXXXX` escapes. The text is kept exactly.
enum JSONText {
    /// - Parameter value: Any text.
    /// - Returns: The JSON string literal, quotes included.
    static func quoted(_ value: String) -> String {
        var result = "\""
        result.unicodeScalars.reserveCapacity(value.unicodeScalars.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if TerminalSanitizer.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
