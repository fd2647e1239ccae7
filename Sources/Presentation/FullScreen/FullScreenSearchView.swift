import Domain
import Foundation
import Reactive
import TerminalUI

/// What the search screen shows: the field, and recent searches to recall with ↑/↓.
public struct SearchViewState: Equatable, Sendable {
    public var field = LineEditor()
    /// Newest first, sanitised.
    public var recentSearches: [String] = []
    /// Which recent search ↑/↓ recalled into the field, or `nil` for the user's own text.
    public var recalled: Int?
    /// The user's own text, kept while they browse recent searches.
    public var draft = ""
    /// What a search finds, for the heading: `music videos`, `artists`.
    public var searchesFor = "music videos"
    /// The field's words are selected (shown reversed), as when the user comes back to the screen:
    /// the first letter typed, or a paste, replaces them; any other key keeps them to edit.
    public var isSelected = false

    public init() {}

    /// ↑: the next older recent search; ↓: the next newer, then the user's own text.
    public mutating func recall(older: Bool) {
        guard !recentSearches.isEmpty else { return }
        if older {
            let next = recalled.map { min($0 + 1, recentSearches.count - 1) } ?? 0
            if recalled == nil { draft = field.text }
            recalled = next
            field.replace(with: recentSearches[next])
        } else if let current = recalled {
            if current == 0 {
                recalled = nil
                field.replace(with: draft)
            } else {
                recalled = current - 1
                field.replace(with: recentSearches[current - 1])
            }
        }
    }

    /// The recent search a number typed alone names (`2` → the second), or `nil`: what the
    /// screen numbers, a number selects.
    public var recentSearchNumbered: Int? {
        let words = field.text.split(separator: " ")
        guard words.count == 1, let number = Int(words[0]), recentSearches.indices.contains(number - 1) else {
            return nil
        }
        return number - 1
    }

    /// The screen as a pure function of the state.
    public func render(columns: Int, rows: Int) -> Frame {
        var frame = Frame(columns: columns, rows: rows)
        frame[0] = FrameLine("Search " + searchesFor, columns: columns, attributes: .bold)
        // The field scrolls sideways so the cursor stays in view.
        let prompt = "› "
        let room = max(1, columns - DisplayWidth.of(prompt) - 1)
        var start = 0
        let characters = field.characters
        var before = characters[0..<field.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        while before > room, start < field.cursor {
            before -= DisplayWidth.of(characters[start])
            start += 1
        }
        var line = FrameLine(columns: columns)
        line.append(prompt, .bold)
        line.append(String(characters[start...]), isSelected ? .reverse : [])
        frame[2] = line
        frame.cursor = Frame.Position(row: 2, column: min(columns - 1, DisplayWidth.of(prompt) + before))
        guard !recentSearches.isEmpty, rows > 5 else { return frame }
        frame[4] = FrameLine("Recent searches (↑/↓, or a number and Enter)", columns: columns, attributes: .dim)
        let numberWidth = String(recentSearches.count).count
        for (index, term) in recentSearches.prefix(rows - 5).enumerated() {
            var line = FrameLine(columns: columns)
            line.append("  ")
            line.append(String(index + 1), width: numberWidth, .dim, alignRight: true)
            line.append("  ")
            line.append(term, index == recalled ? .reverse : [])
            frame[5 + index] = line
        }
        return frame
    }
}

/// The first screen of the full-screen session: a text field with line editing, ↑/↓ through
/// recent searches as in a shell (↑ back, ↓ forward), Enter to search.
@MainActor
public final class FullScreenSearchView: FullScreenView, KeyInput {
    let viewModel: any MusicVideosSearchViewModel
    private var subscriptions = Set<AnyCancellable>()
    public weak var host: (any FullScreenHost)?

    public internal(set) var state = SearchViewState() {
        didSet { if state != oldValue { host?.setNeedsDisplay() } }
    }

    /// - Parameters:
    ///   - viewModel: Recent searches, and where a term goes.
    ///   - term: The field's first text.
    public init(viewModel: any MusicVideosSearchViewModel, term: String = "") {
        self.viewModel = viewModel
        state.field = LineEditor(term)
        viewModel.recentSearches
            .sink { [weak self] terms in self?.state.recentSearches = terms }
            .store(in: &subscriptions)
        viewModel.notice
            .sink { [weak self] notice in self?.host?.report(notice) }
            .store(in: &subscriptions)
    }

    /// The body's height at the last drawing, for the mouse.
    var bodyRows = 0

    public func render(columns: Int, rows: Int) -> Frame {
        bodyRows = rows
        return state.render(columns: columns, rows: rows)
    }

    /// What a search finds, for the heading (`artists` in a session started on an artist list).
    public var searchesFor: String {
        get { state.searchesFor }
        set { state.searchesFor = newValue }
    }

    /// Whether Esc goes back to the results the user came from (set by the coordinator).
    public var hasResultsBehind = false {
        didSet { if hasResultsBehind != oldValue { host?.setNeedsDisplay() } }
    }

    public var keyHints: [KeyHint] {
        let escape =
            hasResultsBehind
            ? KeyHint("Esc", "back to the results", short: "back", essential: true)
            : state.field.characters.isEmpty
                ? KeyHint("Esc", "quit", essential: true)
                : KeyHint("Esc", "clear", essential: true)
        let enter =
            state.recentSearchNumbered.map { KeyHint("Enter", "search again #\($0 + 1)", short: "#\($0 + 1)") }
            ?? KeyHint("Enter", "search")
        let chart = KeyHint(ListKeys.topChartOnSearch.key, "top chart", short: "chart")
        return [enter, KeyHint("↑/↓", "recent"), escape, chart, KeyHint("F1", "help", essential: true)]
    }

    public var activity: String? { nil }
    public var capturesText: Bool { true }

    public var help: [(key: String, action: String)] {
        [
            ("Enter", "search for the words typed"),
            ("a number, Enter", "search again for that recent search"),
            ("/words, Enter", "search for the words, even a number (/2 searches for 2)"),
            ("↑ / ↓", "walk back through recent searches, newest first, and forward again to the words typed"),
            ListKeys.topChartOnSearch,
            ("← → Home End", "move in the field (also Ctrl-B/F/A/E)"),
            ("Backspace Delete", "delete a character"),
            ("Alt-B / Alt-F", "move a word back / forward"),
            ("Ctrl-U / Ctrl-K", "delete to the start / to the end"),
            ("Ctrl-W, Alt-Backspace", "delete the word before the cursor"),
            ("Alt-D", "delete the word after the cursor"),
            ("Esc", "back to the results; else clear the field; in an empty field quit"),
            ("a letter", "on words shown selected (back from the results), replaces them; ← → keep them"),
            ("Ctrl-D", "quit (in an empty field)"),
        ]
    }

    public func handle(_ key: Key) -> Bool {
        if state.isSelected {
            state.isSelected = false
            switch key {
            case .character, .paste: state.field.replace(with: "")  // typing replaces what is selected
            default: break
            }
        }
        switch key {
        case .enter, .control("j"):  // Ctrl-J is Enter in a text field, as in readline
            state.recalled = nil
            let text = state.field.text
            if let index = state.recentSearchNumbered {
                viewModel.didSelectRecentSearch(at: index)
            } else if text.hasPrefix("/") {
                // Words, whatever they are (`/2` searches for "2"), as in the line session.
                viewModel.didSubmit(term: String(text.dropFirst()))
            } else {
                viewModel.didSubmit(term: text)
            }
        // As a shell's history: each ↑ walks one search further back (the newest first), each ↓
        // one forward again, past the newest to the words typed, which ↑ set aside.
        case .up:
            state.recall(older: true)
        case .down:
            state.recall(older: false)
        case .escape where !state.field.characters.isEmpty:
            state.recalled = nil
            state.field.replace(with: "")
        case .escape:
            return false  // the coordinator's: back, or quit
        case .control("d"), .character("?"):
            // In an empty field, the coordinator's: quit, help. Otherwise text editing.
            return state.field.characters.isEmpty ? false : state.field.handle(key)
        default:
            return state.field.handle(key)
        }
        return true
    }

    public func cancelRequest() -> Bool { false }

    public func didReappear() {
        state.isSelected = !state.field.characters.isEmpty
        let viewModel = viewModel
        host?.perform { await viewModel.didLoad() }
    }
}
