import Foundation

/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// take two, combining marks and zero-width characters none, everything else one.
///
/// Works scalar by scalar, as terminals do: a zero-width joiner joins the next scalar into the
/// emoji before it, a variation selector 16 makes the scalar before it two wide, skin-tone
/// modifiers add nothing, and two regional indicators make one flag. A character is as wide as
/// its scalars, not at most two: terminals draw each conjoining Hangul jamo of a run (`wcwidth`:
/// a leading consonant two columns, vowels and trailing consonants none), so a run of leading
/// consonants that Unicode counts as one character takes two columns each.
public enum DisplayWidth {
    /// - Parameter text: Sanitised text (no control characters).
    /// - Returns: Its width in columns.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        var state = State()
        for scalar in text.unicodeScalars { state.add(scalar) }
        return state.width
    }

    /// - Parameter character: One grapheme cluster.
    /// - Returns: Its width: 0, 1 or 2, more for a run of conjoining jamo.
    public static func of(_ character: Character) -> Int {
        var state = State()
        for scalar in character.unicodeScalars { state.add(scalar) }
        return state.width
    }

    /// Text as the pieces a terminal draws: characters, except that a character wider than two
    /// columns (a run of conjoining jamo) is one piece per scalar, so it can be cut between them.
    private static func pieces(of text: Substring) -> [(text: String, width: Int)] {
        var pieces: [(text: String, width: Int)] = []
        for character in text {
            let width = of(character)
            guard width > 2 else {
                pieces.append((String(character), width))
                continue
            }
            var state = State()
            for scalar in character.unicodeScalars {
                let before = state.width
                state.add(scalar)
                if state.width > before || pieces.isEmpty {
                    pieces.append((String(scalar), state.width - before))
                } else {
                    pieces[pieces.count - 1].text.unicodeScalars.append(scalar)
                }
            }
        }
        return pieces
    }

    /// Cuts text to at most `width` columns, ending with `…` when anything was cut.
    /// - Parameters:
    ///   - text: Sanitised text.
    ///   - width: The columns available.
    /// - Returns: The text, or its longest prefix that fits with the ellipsis.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for piece in pieces(of: text[...]) {
            if used + piece.width > width - 1 { break }
            result += piece.text
            used += piece.width
        }
        return result + "…"
    }

    /// Breaks text into lines of at most `width` columns: between words where it can, inside a
    /// word only when the word alone is wider than a line (a URL). Spaces where a line breaks are
    /// dropped. Cut to `maximumLines`, the last line ends with `…`.
    /// - Parameters:
    ///   - text: Sanitised text.
    ///   - width: The columns of a line.
    ///   - maximumLines: The most lines returned.
    /// - Returns: The lines; one, the text itself, when it fits.
    public static func wrap(_ text: String, toWidth width: Int, maximumLines: Int) -> [String] {
        guard width > 0, maximumLines > 0 else { return [] }
        guard of(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let space = index > 0 && used > 0 ? 1 : 0
            let wordWidth = of(String(word))
            if used + space + wordWidth <= width {
                if space > 0 { line.append(" ") }
                line += word
                used += space + wordWidth
                continue
            }
            if used > 0 {
                lines.append(line)
                (line, used) = ("", 0)
            }
            for piece in pieces(of: word) {
                if used > 0, used + piece.width > width {
                    lines.append(line)
                    (line, used) = ("", 0)
                }
                line += piece.text
                used += piece.width
            }
            if lines.count > maximumLines { break }
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > maximumLines else { return lines }
        var kept = Array(lines.prefix(maximumLines))
        kept[maximumLines - 1] = truncate(kept[maximumLines - 1] + "…", toWidth: width)
        return kept
    }

    /// Pads text with spaces to exactly `width` columns (text must already fit).
    /// - Parameters:
    ///   - text: Text no wider than `width`.
    ///   - width: The column width.
    ///   - alignRight: Pad on the left instead of the right.
    /// - Returns: The padded text.
    public static func pad(_ text: String, toWidth width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return alignRight ? padding + text : text + padding
    }

    /// The running width of a scalar sequence.
    private struct State {
        var width = 0
        private var previous = 0
        private var joinsNext = false
        private var afterRegionalIndicator = false

        mutating func add(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            if value < 0x300 {  // Latin, Greek and the like: one column, nothing to look up
                settle(1)
                return
            }
            switch value {
            case 0x200D:  // zero-width joiner: the next scalar joins the emoji before it
                joinsNext = true
                return
            case 0xFE0F:  // variation selector 16: emoji presentation
                if previous == 1 {
                    width += 1
                    previous = 2
                }
                return
            case 0x1F3FB...0x1F3FF:  // skin-tone modifiers
                return
            case 0x1F1E6...0x1F1FF:  // regional indicators: two make one flag
                if afterRegionalIndicator {
                    afterRegionalIndicator = false
                    return
                }
                settle(2)
                afterRegionalIndicator = true
                return
            default:
                break
            }
            if joinsNext {
                joinsNext = false
                return
            }
            if isWide(value) || scalar.properties.isEmojiPresentation {
                settle(2)
            } else if isZeroWidth(scalar) {
                previous = 0
            } else {
                settle(1)
            }
        }

        private mutating func settle(_ columns: Int) {
            width += columns
            previous = columns
            joinsNext = false
            afterRegionalIndicator = false
        }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B || (0x1160...0x11FF).contains(scalar.value)
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, condensed.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
