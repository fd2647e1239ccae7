import Foundation
import TerminalUI

/// The bindings that lead from a list to another list of videos, declared once here and used
/// by the lists' table (`ListKeys.all`), the details screen and the search screen.
extension ListKeys {
    /// `m`: "more like this" — the selected video's album's, then its artist's other videos.
    public static let moreLikeThis = ListBinding(
        [.character("m")], hint: "m", label: nil,
        "more like the selected video: its album's, then its artist's other videos", .related,
        when: { $0.listsVideos && $0.hasRows })

    /// `m` in the status line, cut to `m more` when room is short.
    public static var moreLikeThisHint: KeyHint {
        KeyHint(moreLikeThis.hintKey, "more like this", short: "more")
    }
}
