/// Folds text for matching as people type it: case- and accent-insensitively (`É` and `é` are
/// `e`, `ë` is `e`, `ß` is `ss`, `Æ` is `ae`), combining marks dropped, everything else lowercased.
///
/// Written on the standard library alone: a release build links only FoundationEssentials, which
/// has no `folding(options:locale:)` and no canonical decomposition. Latin letters with marks —
/// precomposed in Latin-1, Latin Extended-A and -B and Latin Extended Additional (Vietnamese), which
/// covers the names of nearly every language written in Latin letters — come from a table of
/// their base letters; a mark written as a separate combining scalar is dropped; other scripts
/// are lowercased only.
public enum TextFolding {
    /// - Parameter text: Any text.
    /// - Returns: The text folded, scalar by scalar.
    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { append(scalar, to: &folded) }
        return String(folded)
    }

    /// Appends what `scalar` folds to (nothing for a combining mark, two letters for `ß`).
    public static func append(_ scalar: Unicode.Scalar, to folded: inout String.UnicodeScalarView) {
        forEachFolded(scalar) { folded.append($0) }
    }

    /// Calls `body` with each scalar `scalar` folds to, in order.
    @inlinable
    public static func forEachFolded(_ scalar: Unicode.Scalar, _ body: (Unicode.Scalar) -> Void) {
        let value = scalar.value
        if value < 0x80 {
            body(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
        } else {
            foldNonASCII(scalar, body)
        }
    }

    @usableFromInline
    static func foldNonASCII(_ scalar: Unicode.Scalar, _ body: (Unicode.Scalar) -> Void) {
        let value = scalar.value
        if let base = baseLetter(of: value) {
            body(base)
            return
        }
        if let letters = ligatures[value] {
            for letter in letters.unicodeScalars { body(letter) }
            return
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return
        default: for lower in scalar.properties.lowercaseMapping.unicodeScalars { body(lower) }
        }
    }

    /// The ASCII letter a precomposed Latin letter is written on, from the tables.
    private static func baseLetter(of value: UInt32) -> Unicode.Scalar? {
        let table: [UInt8]
        let index: Int
        if value >= 0xC0 && value <= 0x24F {
            table = latin1AndExtended
            index = Int(value - 0xC0)
        } else if value >= 0x1E00 && value <= 0x1EFF {
            table = latinExtendedAdditional
            index = Int(value - 0x1E00)
        } else {
            return nil
        }
        let letter = table[index]
        return letter == UInt8(ascii: ".") ? nil : Unicode.Scalar(letter)
    }

    /// Letters that are not a base letter with a mark, and fold to other letters.
    private static let ligatures: [UInt32: String] = [
        0xC6: "ae", 0xE6: "ae", 0xD8: "o", 0xF8: "o", 0xD0: "d", 0xF0: "d", 0xDE: "th", 0xFE: "th",
        0xDF: "ss", 0x1E9E: "ss", 0x110: "d", 0x111: "d", 0x126: "h", 0x127: "h", 0x131: "i", 0x132: "ij",
        0x133: "ij", 0x13F: "l", 0x140: "l", 0x141: "l", 0x142: "l", 0x152: "oe", 0x153: "oe", 0x166: "t",
        0x167: "t", 0x17F: "s", 0x1E9B: "s",
    ]

    /// U+00C0–U+024F: each one's base letter (lowercase), `.` where it has none. Made from
    /// Unicode's canonical decompositions; a test checks it against Foundation's folding.
    private static let latin1AndExtended = Array(
        ("aaaaaa.ceeeeiiii.nooooo..uuuuy..aaaaaa.ceeeeiiii.nooooo..uuuuy.y"
            + "aaaaaaccccccccdd..eeeeeeeeeegggggggghh..iiiiiiiii...jjkk.llllll."
            + "...nnnnnn...oooooo..rrrrrrsssssssstttt..uuuuuuuuuuuuwwyyyzzzzzz."
            + "................................oo.............uu..............."
            + ".............aaiioouuuuuuuuuu.aaaa....ggkkoooo..j...gg..nnaa...."
            + "aaaaeeeeiiiioooorrrruuuusstt..hh......aaeeooooooooyy............"
            + "................").utf8)

    /// U+1E00–U+1EFF, likewise.
    private static let latinExtendedAdditional = Array(
        ("aabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmm"
            + "mmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvv"
            + "wwwwwwwwwwxxxxyyzzzzzzhtwy......aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeee"
            + "eeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy......").utf8)
}
