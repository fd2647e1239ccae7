import Foundation
import TerminalUI

/// The picker's keys (`--pick`) on a video's details (a list's are in `ListKeys`).
enum PickerKeys {
    /// The status line's keys on a video's details while picking: Enter prints the rows marked on
    /// the list it was opened from, when there are some, else this video.
    static func detailsHints(marked: Int) -> [KeyHint] {
        marked > 0
            ? [KeyHint("\(marked) marked", "", essential: true), KeyHint("Enter", "print marked", essential: true)]
            : [KeyHint("Enter", "print", essential: true)]
    }

    /// A video's details' help while picking.
    static func detailsHelp(replacing details: [(key: String, action: String)]) -> [(key: String, action: String)] {
        details.filter { $0.key != "q" } + [
            ("Enter", "print this video, or the rows marked on the list, and quit"),
            ("q Ctrl-C", "quit printing nothing (status 130)"),
        ]
    }
}
