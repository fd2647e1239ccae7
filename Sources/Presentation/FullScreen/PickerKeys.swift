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

    /// The status line's keys on a video's details while picking: Enter prints the rows marked on
    /// the list it was opened from, when there are some, else this video.
    static func detailsHints(marked: Int) -> [KeyHint] {
        marked > 0
            ? [KeyHint("\(marked) marked", "", essential: true), KeyHint("Enter", "print marked", essential: true)]
            : [KeyHint("Enter", "print", essential: true)]
    }

    /// A list's help while picking: its own lines, but for those the picker changes (Enter, q),
    /// then the picker's.
    static func help(replacing list: [(key: String, action: String)]) -> [(key: String, action: String)] {
        list.compactMap { item in
            switch item.key {
            case "Enter →": ("→", item.action)
            case "q": nil  // the picker's line says what it does
            default: item
            }
        } + help
    }

    /// A video's details' help while picking.
    static func detailsHelp(replacing details: [(key: String, action: String)]) -> [(key: String, action: String)] {
        details.filter { $0.key != "q" } + [
            ("Enter", "print this video, or the rows marked on the list, and quit"),
            ("q Ctrl-C", "quit printing nothing (status 130)"),
        ]
    }

    /// Enter in the picker: the session ends with `rows` (the marked ones, or the selected one);
    /// with none — nothing marked, and a filter hiding every row — the host says why instead.
    @MainActor
    static func pick<Row: ListRowDescribing>(_ rows: [Row], on host: (any FullScreenHost)?) {
        guard !rows.isEmpty else {
            host?.report("nothing to print: no row is shown — Esc clears the filter")
            return
        }
        host?.didPick(PickedRows(rows))
    }

    /// The help overlay's lines for them.
    private static let help: [(key: String, action: String)] = [
        ("Enter", "print the marked rows (or the selected one) and quit"),
        ("Tab", "mark or unmark the row, then the next one"),
        ("Shift-Tab", "mark or unmark the row, then the one above"),
        ("→ then Enter", "on a video's details, prints the marked rows or that video"),
        ("Esc q Ctrl-C", "quit printing nothing (status 130)"),
    ]
}
