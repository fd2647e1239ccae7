import Foundation

/// Makes text from a server inert on a terminal: C0 controls, DEL, C1 controls and the Unicode
/// bidirectional controls are removed; tabs, line and paragraph breaks become one space. An
/// escape sequence is left as harmless visible text (`ESC[31m` prints as `[31m`).
public enum TerminalSanitizer {
    /// - Parameter text: Untrusted text.
    /// - Returns: The text with nothing that can drive a terminal.
    public static func sanitize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var scalars = String.UnicodeScalarView()
        var previousWasSpace = false
        for scalar in text.unicodeScalars {
            if isBreak(scalar) {
                if !previousWasSpace { scalars.append(" ") }
                previousWasSpace = true
            } else if !isControl(scalar) {
                scalars.append(scalar)
                previousWasSpace = scalar == " "
            }
        }
        return String(scalars)
    }

    /// How many characters of someone's text a message repeats at most.
    public static let maximumEcho = 80

    /// Text repeated in a message (a value given, a line typed): sanitised, and at most
    /// `maximumCharacters` characters, ending in `…` when cut, so no input makes a message long.
    /// Only the start of a long text is looked at.
    /// - Parameters:
    ///   - text: Untrusted text.
    ///   - maximumCharacters: The most characters kept, the ellipsis included.
    /// - Returns: The text, safe and short.
    public static func excerpt(_ text: String, maximumCharacters: Int = maximumEcho) -> String {
        let limit = max(1, maximumCharacters)
        let start = text.prefix(limit * 4)
        let clean = sanitize(String(start))
        guard clean.count > limit || start.endIndex < text.endIndex else { return clean }
        return clean.count < limit ? clean + "…" : clean.prefix(limit - 1) + "…"
    }

    /// Whether a scalar controls a terminal or the direction of text, rather than showing.
    /// - Parameter scalar: The scalar to classify.
    /// - Returns: `true` for C0, DEL, C1, and bidirectional controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
