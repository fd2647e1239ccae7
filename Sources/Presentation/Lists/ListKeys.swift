import Domain
import Foundation
import TerminalUI

/// One key binding of a full-screen list, declared once (as lazygit's `Binding`): the keys, what
/// they do, the status line's words, the help's line, and whether the binding applies to the list
/// as it is now. The status line, the help box, the README's key table and the man page's KEYS
/// (checked against it by a test) all read the table; a key that does not apply is not offered.
public struct ListBinding: Sendable {
    /// The keys that do it.
    public let keys: [Key]
    /// The keys as the status line names them (`↑/↓`).
    public let hintKey: String
    /// The keys as the help names them (`↑ ↓  k j  Ctrl-P Ctrl-N`).
    public let helpKeys: String
    /// The status line's words; `nil` when the binding is listed in the help only.
    public let label: String?
    /// The status line's words when room is short (`more` for `more like this`).
    public let shortLabel: String?
    /// Never dropped from the status line.
    public let isEssential: Bool
    /// The help's line.
    public let help: String
    /// What the keys do; `.session` when the session does it (back, search, help, quit).
    public let action: ListAction
    /// Whether it applies to the list in this state.
    public let applies: @Sendable (ListContext) -> Bool

    init(
        _ keys: [Key], hint: String, help helpKeys: String? = nil, label: String?, short: String? = nil,
        essential: Bool = false, _ help: String, _ action: ListAction,
        when applies: @escaping @Sendable (ListContext) -> Bool = { _ in true }
    ) {
        self.keys = keys
        hintKey = hint
        self.helpKeys = helpKeys ?? hint
        self.label = label
        shortLabel = short
        isEssential = essential
        self.help = help
        self.action = action
        self.applies = applies
    }

    /// The status line's hint.
    public var hint: KeyHint? { label.map { KeyHint(hintKey, $0, short: shortLabel, essential: isEssential) } }
}

/// What a list's key does (`ListUpdate` carries it out).
public enum ListAction: Equatable, Sendable {
    case move(Int)
    case movePage(Int)
    case first, last
    case open, pick, details
    case mark(then: Int)
    case filter, clearFilter, retry
    case video(VideoRequest)
    case artist, related, openPage, preview, sort
    /// Done by the session, not the list: back, a new search, the chart, the help, quit.
    case session
    /// Done by a chart's view: another genre, another country.
    case chart
}

/// What a binding's `applies` asks of a list.
public struct ListContext: Sendable {
    public let listsVideos: Bool
    /// Whether rows are loaded (a filter may hide them all).
    public let hasRows: Bool
    /// Whether a row is shown: the keys that act on the selected row apply only then.
    public let showsRows: Bool
    /// Whether rows are marked (Tab).
    public let hasMarks: Bool
    public let isPicking: Bool
    public let canRetry: Bool
    public let hasFilter: Bool
    public let isWide: Bool
    public let choice: String
    /// Whether the list is a chart (its genre and country can change).
    public let isChart: Bool

    /// The context of `state`.
    public init<Row>(_ state: ListState<Row>) {
        listsVideos = ListState<Row>.listsVideos
        hasRows = !state.rows.isEmpty
        showsRows = !state.visible.isEmpty
        hasMarks = !state.marks.isEmpty
        isPicking = state.isPicking && listsVideos
        canRetry = state.failure != nil && state.loading == .idle
        hasFilter = state.filter != nil
        isWide = state.viewport.columns >= ListState<Row>.previewMinimumColumns
        choice = state.choice
        isChart = Row.self == TopMusicVideosItemViewModel.self
    }
}

/// Every list's key table, by importance (the status line's order).
public enum ListKeys {
    /// The bindings; those that apply to a list are `bindings(for:)`.
    public static let all: [ListBinding] = [
        ListBinding(
            [.enter], hint: "Enter", label: "print", essential: true,
            "print the marked rows (or the selected one) and quit", .pick, when: { $0.isPicking && $0.hasRows }),
        ListBinding(
            [.enter, .right], hint: "Enter", help: "Enter →", label: "details", "the selected row's details",
            .open, when: { !$0.isPicking && $0.showsRows }),
        ListBinding(
            [.right], hint: "→", label: "details", "the selected video's details (Enter there prints)", .details,
            when: { $0.isPicking && $0.showsRows }),
        ListBinding(
            [.tab], hint: "Tab", label: "mark", "mark or unmark the row, then the next one", .mark(then: 1),
            when: { $0.isPicking && $0.showsRows }),
        ListBinding(
            [.backTab], hint: "Shift-Tab", label: nil, "mark or unmark the row, then the one above", .mark(then: -1),
            when: { $0.isPicking && $0.showsRows }),
        ListBinding([.character("r")], hint: "r", label: "retry", "try a failed load again", .retry, when: \.canRetry),
        ListBinding(
            [.up, .character("k"), .control("p"), .control("k")], hint: "↑/↓", help: "↑ ↓  k j  Ctrl-P/N  Ctrl-K/J",
            label: "move", "the row above / below (past the last row, the next page)", .move(-1), when: \.showsRows),
        ListBinding(
            [.down, .character("j"), .control("n"), .control("j")], hint: "↓", help: "", label: nil, "", .move(1),
            when: \.showsRows),
        ListBinding(
            [.pageUp], hint: "PgUp", help: "PgUp PgDn", label: nil, "a screenful up / down", .movePage(-1),
            when: \.showsRows),
        ListBinding([.pageDown], hint: "PgDn", help: "", label: nil, "", .movePage(1), when: \.showsRows),
        ListBinding(
            [.home, .character("g")], hint: "g", help: "Home g", label: nil, "the first row", .first, when: \.showsRows),
        ListBinding(
            [.end, .character("G")], hint: "G", help: "End G", label: nil, "the last row", .last, when: \.showsRows),
        ListBinding([], hint: "", help: "digits, Enter", label: nil, "open the row with that number", .session),
        ListBinding(
            [.character("/")], hint: "/", label: "filter", "filter the rows loaded (Enter keeps, Esc clears)", .filter,
            when: \.hasRows),
        chartGenre, chartCountry,
        ListBinding(
            [.character("p")], hint: "p", label: "play",
            "play the preview; on the playing row, stop it", .video(.playPreview),
            when: { $0.listsVideos && $0.showsRows }),
        ListBinding(
            [.character("x")], hint: "x", label: nil, "stop the preview", .video(.stopPreview),
            when: { $0.listsVideos && $0.showsRows }),
        ListBinding(
            [.tab], hint: "Tab", label: nil, "mark or unmark the row, then the next one: p plays the marked",
            .mark(then: 1), when: { $0.listsVideos && $0.showsRows && !$0.isPicking }),
        ListBinding(
            [.backTab], hint: "Shift-Tab", label: nil, "mark or unmark the row, then the one above", .mark(then: -1),
            when: { $0.listsVideos && $0.showsRows && !$0.isPicking }),
        ListBinding(
            [.character("y")], hint: "y", label: nil, "copy the page URL", .video(.copyPageURL),
            when: { $0.listsVideos && $0.showsRows }),
        ListBinding(
            [.character("Y")], hint: "Y", label: nil, "copy the preview URL", .video(.copyPreviewURL),
            when: { $0.listsVideos && $0.showsRows }),
        ListBinding(
            [.character("a")], hint: "a", label: "artist", "the selected video's artist's videos", .artist,
            when: { $0.listsVideos && $0.showsRows }),
        moreLikeThis,
        topChart,
        ListBinding(
            [.character("o")], hint: "o", label: "open", "open the selected video's page in the browser", .openPage,
            when: { $0.listsVideos && $0.showsRows }),
        ListBinding(
            [.character("v")], hint: "v", label: "pane", "show or hide the pane (details, artwork) beside the list",
            .preview, when: { $0.listsVideos && $0.showsRows }),
        ListBinding(
            [.character("S")], hint: "S", label: "sort",
            "sort the rows loaded by year, title, artist, duration, price, then as found", .sort,
            when: { $0.listsVideos && $0.showsRows }),
        ListBinding([.character("s")], hint: "s", label: "search", "a new search", .session),
        ListBinding(
            [.escape], hint: "Esc", label: "clear", essential: true, "clear the filter", .clearFilter, when: \.hasFilter
        ),
        ListBinding(
            [.escape, .left, .character("b")], hint: "Esc", help: "Esc ← b", label: "back", essential: true,
            "back one screen", .session),
        ListBinding([.character("?")], hint: "?", help: "", label: "help", essential: true, "this help", .session),
        ListBinding([], hint: "", help: "Ctrl-C", label: nil, "cancel a request in flight", .session),
        ListBinding(
            [.character("q")], hint: "q", label: "quit", essential: true, "quit", .session, when: { !$0.isPicking }),
        ListBinding(
            [.character("q"), .control("c")], hint: "q", help: "Esc q Ctrl-C", label: "quit", essential: true,
            "quit printing nothing (status 130)", .session, when: \.isPicking),
    ]

    /// The bindings that apply to `state`, in the table's order.
    public static func bindings<Row>(for state: ListState<Row>) -> [ListBinding] {
        let context = ListContext(state)
        return all.filter { $0.applies(context) }
    }

    /// The binding `key` triggers on `state`, if one applies.
    public static func binding<Row>(for key: Key, in state: ListState<Row>) -> ListBinding? {
        bindings(for: state).first { $0.keys.contains(key) }
    }

    /// The status line's keys for `state`, by importance: the filter's count and the picker's marks
    /// first, then every binding that applies and has words.
    public static func hints<Row>(for state: ListState<Row>) -> [KeyHint] {
        let context = ListContext(state)
        let count =
            state.filter == nil ? [] : [KeyHint("\(state.visible.count)/\(state.rows.count)", "", essential: true)]
        if state.isEditingFilter {
            return count + [
                KeyHint("type", "to filter"), KeyHint("Enter", context.isPicking ? "print" : "keep"),
                KeyHint("Esc", "clear", essential: true), KeyHint("F1", "help", essential: true),
            ]
        }
        if let hints = state.rowNumber.keyHints { return hints }
        let marked =
            context.isPicking && !state.marks.isEmpty
            ? [KeyHint("\(state.marks.count) marked", "", essential: true)] : []
        let sorted =
            state.order != nil && state.paging != .complete
            ? [KeyHint("sorted \(state.rows.count) loaded of more", "")] : []
        return count + marked + sorted
            + bindings(for: state).compactMap { binding in
                switch binding.action {
                // With nothing shown and nothing marked, Enter only says why it prints nothing.
                case .pick where !context.showsRows && !context.hasMarks: nil
                case .pick: KeyHint("Enter", state.marks.isEmpty ? "print" : "print marked", essential: true)
                case .open: KeyHint("Enter", state.choice)
                // Offered only where they would act: the key still says why it does nothing.
                case .video(.playPreview) where state.selectedVideo.map({ $0.previewLink == nil }) ?? false: nil
                case .artist where state.selectedVideo.map({ $0.artistID == nil }) ?? false: nil
                case .session where binding.hintKey == "Esc" && context.hasFilter: KeyHint("←", "back", essential: true)
                case .preview:
                    context.isWide
                        ? KeyHint("v", state.isPreviewShown(columns: state.viewport.columns) ? "hide pane" : "pane")
                        : nil
                default: binding.hint
                }
            }
    }

    /// The help box's lines for `state`.
    public static func help<Row>(for state: ListState<Row>) -> [(key: String, action: String)] {
        let context = ListContext(state)
        return bindings(for: state).filter { !$0.helpKeys.isEmpty }.map { binding in
            // What Enter opens on rows that are not videos (an artist's videos) is the list's own.
            let help =
                switch binding.action {
                case .open: "the selected row's \(state.choice)"
                case .filter where context.isPicking: "filter the rows loaded (Enter prints, Esc clears)"
                default: binding.help
                }
            return (binding.helpKeys, help)
        }
    }
}
