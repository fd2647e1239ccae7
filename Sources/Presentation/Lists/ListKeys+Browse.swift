import Foundation
import TerminalUI

/// The bindings that lead from a list to another list of videos, declared once here and used
/// by the lists' table (`ListKeys.all`), the details screen and the search screen.
extension ListKeys {
    /// `m`: "more like this" — the selected video's album's, then its artist's other videos.
    public static let moreLikeThis = ListBinding(
        [.character("m")], hint: "m", label: "more like this", short: "more",
        "more like the selected video: its album's, then its artist's other videos", .related,
        when: { $0.listsVideos && $0.showsRows })

    /// `m` in the status line, cut to `m more` when room is short.
    public static var moreLikeThisHint: KeyHint {
        KeyHint(moreLikeThis.hintKey, moreLikeThis.label ?? "", short: moreLikeThis.shortLabel)
    }

    /// `t` (Ctrl-T in a text field): the top chart for the session's country — from the search
    /// screen (where letters are words, so Ctrl-T), the results and every list but a chart, which
    /// it is already (there `t` says so); the session opens it.
    public static let topChart = ListBinding(
        [.character("t"), .control("t")], hint: "t", help: "t Ctrl-T", label: "top chart", short: "chart",
        "the top music videos chart (Ctrl-T from the search screen too)", .session,
        when: { !$0.isPicking && !$0.isChart })

    /// The search screen's words for `topChart`, whose Ctrl-T works in its field.
    public static let topChartOnSearch = (key: "Ctrl-T", action: "the top music videos chart (the last one shown)")

    /// `e` on a chart: a menu of the genres whose charts the store publishes.
    public static let chartGenre = ListBinding(
        [.character("e")], hint: "e", label: "genre",
        "the chart of another genre: a menu (↑/↓, Enter; Esc, ← or q close it)", .chart,
        when: \.isChart)

    /// `c` on a chart: the chart of another country (a two-letter code).
    public static let chartCountry = ListBinding(
        [.character("c")], hint: "c", label: "country", "the chart of another country (two letters, as -c)",
        .chart, when: \.isChart)
}
