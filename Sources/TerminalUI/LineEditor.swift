import Foundation

/// A one-line text field as shells edit it: the text, a cursor between characters, and the
/// usual keys (←/→, Home/End, Ctrl-A/E/U/K/W, Backspace/Delete, and by words Alt-B/F/D and
/// Alt-Backspace; a word is a run of characters other than spaces). Text typed or pasted never
/// holds a control character.
public struct LineEditor: Equatable, Sendable {
    /// The longest text the field takes, in characters; pasting more keeps the start.
    public static let maximumLength = 500

    public private(set) var characters: [Character]
    /// The index of the character the cursor stands on (`characters.count` at the end).
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(Self.clean(text).prefix(Self.maximumLength))
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies an editing key.
    /// - Returns: `false` when the key does not edit text (Enter, ↑, Esc…).
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .paste(let text): insert(text)
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"), .altBackspace:
            let start = wordStart()
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .alt("b"), .alt("B"): cursor = wordStart()
        case .alt("f"), .alt("F"): cursor = wordEnd()
        case .alt("d"), .alt("D"): characters.removeSubrange(cursor..<wordEnd())
        default:
            return false
        }
        return true
    }

    /// Replaces the text, cursor at the end (a recalled recent search).
    public mutating func replace(with text: String) {
        self = LineEditor(text)
    }

    /// The start of the word the cursor is in or after (spaces before the cursor skipped).
    private func wordStart() -> Int {
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        return start
    }

    /// The end of the word the cursor is in or before (spaces after the cursor skipped).
    private func wordEnd() -> Int {
        var end = cursor
        while end < characters.count, characters[end] == " " { end += 1 }
        while end < characters.count, characters[end] != " " { end += 1 }
        return end
    }

    private mutating func insert(_ text: String) {
        let new = Array(Self.clean(text)).prefix(max(0, Self.maximumLength - characters.count))
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    /// Line breaks and tabs become spaces; every other control character goes.
    private static func clean(_ text: String) -> String {
        TerminalSanitizer.sanitize(text)
    }
}
