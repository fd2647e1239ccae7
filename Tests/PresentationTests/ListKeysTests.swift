import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// The lists' key table (`ListKeys`) against what the keys do, and against the README's key
/// table and the man page: every key a list offers does something there, and the docs name it.
@Suite("Every key a list offers works there, and the docs name it")
@MainActor
struct ListKeysTests {
    private static let videos = (1...4).map { MusicVideo.stub(id: $0, title: "Video \($0)") }

    private static func results() -> ListState<MusicVideosListItemViewModel> {
        var state = ListState<MusicVideosListItemViewModel>(title: "Music videos for \"x\"")
        state.setRows(MusicVideosListItemViewModel.items(for: videos), firstNumber: 1)
        state.viewport = ListViewport(columns: 160, rows: 20)
        return state
    }

    private static func chart() -> ListState<TopMusicVideosItemViewModel> {
        var state = ListState<TopMusicVideosItemViewModel>(title: "Top music videos chart in US")
        state.setRows(RankedRow.ranked(MusicVideosListItemViewModel.items(for: videos)))
        state.viewport = ListViewport(columns: 160, rows: 20)
        return state
    }

    private static func artists() -> ListState<MusicArtistsListItemViewModel> {
        var state = ListState<MusicArtistsListItemViewModel>(title: "Artists")
        state.setRows((1...3).map { MusicArtistsListItemViewModel(artist: .stub(id: $0, name: "Artist \($0)")) })
        return state
    }

    /// The keys the session does on a list (back, a new search, the help, quit): what the
    /// coordinator's `listCommand` handles.
    private static let sessionKeys: [Key] = [
        .character("q"), .escape, .left, .character("b"), .character("s"), .character("?"), .control("c"),
        .character("t"), .control("t"),
    ]

    /// Every key of every binding that applies: the list's own change the state or ask for an
    /// effect; the session's pass to the session, which handles them.
    private func walk<Row>(_ given: ListState<Row>, _ name: String) {
        var state = given
        state.moveSelection(by: 1)  // a row with rows above and below: every move moves
        let bindings = ListKeys.bindings(for: state)
        #expect(!bindings.isEmpty)
        for binding in bindings {
            for key in binding.keys {
                let (next, effects) = ListUpdate.update(state, .key(key))
                if binding.action == .chart {
                    // The chart's view does these before its list (FullScreenChartViewTests).
                    #expect(effects == [.passed], "\(name): \(key) is the chart view's")
                    #expect(name.hasPrefix("chart"), "\(name): \(key) only on a chart")
                } else if binding.action == .session {
                    #expect(effects == [.passed], "\(name): \(key) is the session's")
                    #expect(Self.sessionKeys.contains(key), "\(name): the session does \(key)")
                } else {
                    #expect(!effects.contains(.passed), "\(name): \(key) does something")
                    #expect(next != state || !effects.isEmpty, "\(name): \(key) changes something")
                }
            }
        }
    }

    @Test("Given results, a chart, an artist's videos and artists, then every key their help lists does something")
    func everyKeyWorks() {
        var results = Self.results()
        walk(results, "results")
        results.failure = ListFailure()
        walk(results, "results after a failure")  // r
        results.isPicking = true
        walk(results, "results in the picker")
        var chart = Self.chart()
        walk(chart, "chart")
        chart.isPicking = true
        walk(chart, "chart in the picker")
        var artistVideos = Self.results()
        artistVideos.title = "Music videos by Clairo"
        walk(artistVideos, "an artist's videos")
        walk(Self.artists(), "artists")
    }

    @Test(
        "Given a chart, then its help lists p, y, Y, a, o, S and v, as the results' does, not t (it is the chart); artists' lists none"
    )
    func chartHasTheResultsKeys() {
        let chart = ListKeys.help(for: Self.chart()).map(\.key)
        let results = ListKeys.help(for: Self.results()).map(\.key)
        // And a chart's genre and country; `t` opens the chart, which it is.
        #expect(chart.filter { !["e", "c"].contains($0) } == results.filter { $0 != "t Ctrl-T" })
        #expect(results.contains("t Ctrl-T"))
        #expect(chart.contains("e") && chart.contains("c") && !results.contains("e"))
        for key in ["p", "y", "Y", "a", "o", "S", "v"] { #expect(chart.contains(key), "\(key)") }
        let artists = ListKeys.help(for: Self.artists()).map(\.key)
        for key in ["p", "y", "Y", "a", "o", "S", "v"] { #expect(!artists.contains(key), "\(key)") }
        #expect(ListKeys.hints(for: Self.artists()).allSatisfy { !["p", "a", "o", "v", "S"].contains($0.key) })
    }

    @Test("Given Ctrl-N and Ctrl-P (and Ctrl-K up), then they move in a list and while filtering")
    func emacsMoves() {
        var state = Self.results()
        (state, _) = ListUpdate.update(state, .key(.control("n")))
        #expect(state.selectedRow == 1)
        (state, _) = ListUpdate.update(state, .key(.character("/")))
        #expect(state.isEditingFilter)
        (state, _) = ListUpdate.update(state, .key(.control("n")))
        #expect(state.selection == 2)
        (state, _) = ListUpdate.update(state, .key(.control("p")))
        #expect(state.selection == 1)
        (state, _) = ListUpdate.update(state, .key(.control("k")))  // not the field's kill: a move, as in fzf
        #expect(state.selection == 0)
        (state, _) = ListUpdate.update(state, .key(.escape))
        (state, _) = ListUpdate.update(state, .key(.control("n")))
        (state, _) = ListUpdate.update(state, .key(.control("k")))
        #expect(state.selection == 0)
    }

    /// How the README and the man page write a key.
    private static func names(of key: Key) -> (readme: [String], man: [String]) {
        switch key {
        case .character(let c): (["`\(c)`", "\(c)/", "/\(c)"], ["\\fB\(c)\\fR"])
        case .control(let c): (["Ctrl-\(c.uppercased())"], ["Ctrl-\(c.uppercased())"])
        case .up: (["↑"], ["Up"])
        case .down: (["↓"], ["Down"])
        case .left: (["←"], ["Left"])
        case .right: (["→"], ["Right"])
        case .pageUp: (["PgUp"], ["PgUp"])
        case .pageDown: (["PgDn"], ["PgDn"])
        case .home: (["Home"], ["Home"])
        case .end: (["End"], ["End"])
        case .enter: (["Enter"], ["Enter"])
        case .escape: (["Esc"], ["Esc"])
        case .tab: (["Tab"], ["Tab"])
        case .backTab: (["Shift-Tab"], ["Shift-Tab"])
        default: ([], [])
        }
    }

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("Given the key table, then the README's lists row and the man page's results section name every key")
    func docsNameEveryKey() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let man = try String(contentsOf: Self.root.appendingPathComponent("man/mvsearch.1"), encoding: .utf8)
        let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| results") })
        let section = try #require(
            man.components(separatedBy: ".SS Results screen").last?
                .components(separatedBy: ".SS Details screen").first)
        let picker = try #require(
            man.components(separatedBy: ".SH THE PICKER").last?
                .components(separatedBy: ".SH THE LINE SESSION").first)
        let pickerRow = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| picker") })
        for binding in ListKeys.all where !binding.helpKeys.isEmpty {
            let isPicker =
                [.pick, .details].contains(binding.action) || binding.helpKeys == "Esc q Ctrl-C"
                || {
                    if case .mark = binding.action { return true } else { return false }
                }()
            for key in binding.keys {
                let (inReadme, inMan) = Self.names(of: key)
                let readmeText = isPicker ? String(pickerRow) : String(row)
                let manText = isPicker ? picker : section
                #expect(inReadme.contains { readmeText.contains($0) }, "README lacks \(key) (\(binding.help))")
                #expect(inMan.contains { manText.contains($0) }, "man page lacks \(key) (\(binding.help))")
            }
        }
    }
}
