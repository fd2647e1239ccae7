import Foundation
import TerminalUI

/// The picker's keys (`--pick`) on a list of videos, the same on every such list.
enum PickerKeys {
    /// The status line's keys while picking: how many rows are marked (never dropped), Enter and Tab.
    static func hints(marked: Int) -> [KeyHint] {
        let count = marked > 0 ? [KeyHint("\(marked) marked", "", essential: true)] : []
        return count + [
            KeyHint("Enter", marked > 0 ? "print marked" : "print", essential: true), KeyHint("Tab", "mark"),
        ]
    }

    /// The help overlay's lines for them.
    static let help: [(key: String, action: String)] = [
        ("Enter", "print the marked rows (or the selected one) and quit"),
        ("Tab", "mark or unmark the row, then the next one"),
        ("Shift-Tab", "mark or unmark the row, then the one above"),
        ("→", "the selected video's details (Enter there prints it)"),
        ("Esc q Ctrl-C", "quit printing nothing (status 130)"),
    ]
}
