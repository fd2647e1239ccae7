import Domain
import Foundation
import TerminalUI

/// A chart you can browse: the chart's list (`FullScreenListView`, with every list's keys) plus
/// `e`, a menu of the genres whose charts the store publishes, and `c`, a prompt for another
/// country's two letters (checked as `-c` is). Either changes the chart in place: the same
/// screen loads the new chart, so Esc still goes back to where the chart was opened from.
@MainActor
public final class FullScreenChartView: FullScreenView, KeyInput {
    /// What the chart asks of the user now, over its list.
    enum Mode: Equatable {
        case list
        /// The genre menu, with the highlighted entry (0 is every genre).
        case genres(selected: Int)
        /// The country prompt, with what is typed.
        case country(LineEditor)
    }

    /// The chart's list.
    public let list: FullScreenListView<TopMusicVideosItemViewModel>
    private let viewModel: any TopMusicVideosViewModel
    /// The chart shown when the view model has not loaded one yet.
    private let fallback: ChartQuery
    private(set) var mode = Mode.list {
        didSet { host?.setNeedsDisplay() }
    }

    public weak var host: (any FullScreenHost)? {
        didSet { list.host = host }
    }

    /// The menu's entries: every genre, then each genre the store charts.
    static let genres: [(id: Int?, name: String)] =
        [(nil, "All genres")] + ChartGenre.musicVideoCharts.map { ($0.id, $0.name) }

    /// - Parameters:
    ///   - list: The chart's list view.
    ///   - viewModel: The chart's view model, which `e` and `c` load again.
    ///   - query: The chart it shows until the view model says which it loaded.
    public init(
        list: FullScreenListView<TopMusicVideosItemViewModel>, viewModel: any TopMusicVideosViewModel,
        query: ChartQuery
    ) {
        self.list = list
        self.viewModel = viewModel
        fallback = query
    }

    /// The chart shown (or loading).
    public var query: ChartQuery { viewModel.query ?? fallback }

    /// Loads `query` into the list, through the host so Ctrl-C cancels it.
    public func load(_ query: ChartQuery) {
        let viewModel = viewModel
        list.load { await viewModel.didLoad(query: query) }
    }

    // MARK: FullScreenView

    public func render(columns: Int, rows: Int) -> Frame {
        var frame = list.render(columns: columns, rows: rows)
        switch mode {
        case .list: break
        case .genres(let selected):
            // The menu over the bottom of the list, the highlighted genre reversed.
            let shown = min(Self.genres.count, max(1, rows - 2))
            let first = min(max(0, selected - shown + 1), Self.genres.count - shown)
            let top = max(0, rows - shown - 1)
            frame[top] = FrameLine("Genre (↑/↓, Enter):", columns: columns, attributes: .bold)
            for offset in 0..<shown where top + 1 + offset < rows {
                let index = first + offset
                let entry = Self.genres[index]
                let text = "  " + entry.name + (entry.id.map { "  \($0)" } ?? "")
                frame[top + 1 + offset] = FrameLine(
                    text, columns: columns, attributes: index == selected ? .reverse : [])
            }
        case .country(let field):
            let prompt = "Country (two letters, as GB): "
            var line = FrameLine(columns: columns)
            line.append(prompt, .bold)
            line.append(field.text)
            let row = max(0, rows - 1)
            frame[row] = line
            let before = field.characters[0..<field.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
            frame.cursor = Frame.Position(row: row, column: min(columns - 1, DisplayWidth.of(prompt) + before))
        }
        return frame
    }

    public func resize(columns: Int, rows: Int) { list.resize(columns: columns, rows: rows) }

    public var keyHints: [KeyHint] {
        switch mode {
        case .list: list.keyHints
        case .genres:
            [
                KeyHint("↑/↓", "move"), KeyHint("Enter", "show", essential: true),
                KeyHint("Esc", "cancel", essential: true),
            ]
        case .country:
            [KeyHint("Enter", "show", essential: true), KeyHint("Esc", "cancel", essential: true)]
        }
    }

    public var help: [(key: String, action: String)] { list.help }
    public var message: String? { list.message }
    public var activity: String? { list.activity }
    public var capturesText: Bool { mode != .list || list.capturesText }
    public var isEmpty: Bool { list.isEmpty }
    public var markedRows: PickedRows? { list.markedRows }
    public var markedVideos: [MusicVideo] { list.markedVideos }
    public func pickedRow(of video: MusicVideo) -> PickedRows? { list.pickedRow(of: video) }
    public func handle(_ mouse: MouseEvent) -> Bool { mode == .list ? list.handle(mouse) : true }
    public func cancelRequest() -> Bool { list.cancelRequest() }
    public func didReappear() { list.didReappear() }

    public func handle(_ key: Key) -> Bool {
        switch mode {
        case .list:
            guard !list.capturesText, let binding = ListKeys.binding(for: key, in: list.state) else {
                return list.keyInput.handle(key)
            }
            if binding.keys == ListKeys.chartGenre.keys {
                mode = .genres(selected: Self.genres.firstIndex { $0.id == query.genreID } ?? 0)
            } else if binding.keys == ListKeys.chartCountry.keys {
                mode = .country(LineEditor())
            } else {
                return list.keyInput.handle(key)
            }
        case .genres(let selected): chooseGenre(key, selected: selected)
        case .country(let field): enterCountry(key, field: field)
        }
        return true
    }

    private func chooseGenre(_ key: Key, selected: Int) {
        switch key {
        case .up, .character("k"), .control("p"), .control("k"):
            mode = .genres(selected: max(0, selected - 1))
        case .down, .character("j"), .control("n"), .control("j"):
            mode = .genres(selected: min(Self.genres.count - 1, selected + 1))
        case .home, .character("g"): mode = .genres(selected: 0)
        case .end, .character("G"): mode = .genres(selected: Self.genres.count - 1)
        case .enter:
            mode = .list
            var chart = query
            chart.genreID = Self.genres[selected].id
            load(chart)
        // `q` closes the menu, as it closes the help box: what lies over a screen is left first,
        // and the next `q` quits (the help says so).
        case .escape, .left, .character("q"): mode = .list
        default: break
        }
    }

    private func enterCountry(_ key: Key, field: LineEditor) {
        var field = field
        switch key {
        case .enter, .control("j"):
            do throws(QueryProblem) {
                var chart = query
                chart.country = try QueryValidation.country(field.text)
                mode = .list
                load(chart)
            } catch {
                // Refused: the prompt starts empty again, so the next letters are a new code.
                let code = field.text
                mode = .country(LineEditor())
                host?.report(
                    "\"\(TerminalSanitizer.sanitize(code))\" \(CountryCodes.problem(with: code)) — type one such as GB or JP"
                )
            }
        case .escape: mode = .list
        default:
            if field.handle(key) { mode = .country(field) }
        }
    }
}
