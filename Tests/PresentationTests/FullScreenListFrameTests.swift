import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// Golden frames of the full-screen list of any numbered rows, drawn from the artists' own
/// column description: per state and width, every line fitting the width.
@MainActor
@Suite("Full-screen list frames")
struct FullScreenListFrameTests {
    nonisolated static let artists: [MusicArtist] = [
        .stub(id: 909_253, name: "Jack Johnson", genre: "Rock"),
        .stub(id: 1_234_567, name: "Jack White", genre: "Alternative"),
        .stub(id: 42, name: "大塚 愛", genre: "J-Pop"),
    ]

    private func list(_ artists: [MusicArtist] = artists) -> ListState<MusicArtistsListItemViewModel> {
        var state = ListState<MusicArtistsListItemViewModel>(title: "Artists for \"jack\"")
        state.setRows(artists.map(MusicArtistsListItemViewModel.init(artist:)))
        return state
    }

    private func draw(
        _ state: ListState<MusicArtistsListItemViewModel>, columns: Int = 60, rows: Int = 6
    ) -> String {
        var state = state
        state.scrollToSelection(rows: rows)
        let frame = FullScreenListView.frame(of: state, columns: columns, rows: rows)
        #expect(frame.lines.count == frame.rows)
        for line in frame.lines { #expect(line.width <= frame.columns && DisplayWidth.of(line.text) == line.width) }
        return frame.text
    }

    @Test("Rows: the title and count, the columns' headers, the rows numbered, the selection marked")
    func rows() {
        #expect(
            draw(list()) == """
                Artists for "jack"  1–3
                  #  Artist        Genre             ID
                › 1  Jack Johnson  Rock          909253
                  2  Jack White    Alternative  1234567
                  3  大塚 愛       J-Pop             42

                """)
    }

    @Test("Loading, empty, failed and cancelled lists say so in the body, as the results do")
    func loadingEmptyError() {
        var loading = ListState<MusicArtistsListItemViewModel>(title: "Artists")
        loading.loading = .firstPage
        #expect(draw(loading) == "Artists\n\n  Searching…\n\n\n")
        for message in ["Nothing found", "Could not load the list", "Cancelled"] {
            var empty = ListState<MusicArtistsListItemViewModel>(title: "Artists for \"zz\"")
            empty.setRows([])
            empty.emptyMessage = message
            #expect(draw(empty) == "Artists for \"zz\"\n\n  \(message)\n\n\n")
        }
    }

    @Test("At 40 columns the flexible columns are cut with an ellipsis, the id kept; the list scrolls to the selection")
    func narrow() {
        var state = list(
            (1...9).map { .stub(id: $0, name: "Artist \($0) with a long name indeed", genre: "Singer/Songwriter") })
        state.selectLast()
        #expect(
            draw(state, columns: 40) == """
                Artists for "jack"  1–9
                  #  Artist              Genre        ID
                  6  Artist 6 with a l…  Singer/Son…   6
                  7  Artist 7 with a l…  Singer/Son…   7
                  8  Artist 8 with a l…  Singer/Son…   8
                › 9  Artist 9 with a l…  Singer/Son…   9
                """)
        state.selectFirst()
        #expect(draw(state, columns: 40).components(separatedBy: "\n")[2].hasPrefix("› 1  Artist 1 with a l…"))
        var short = list()
        short.moveSelection(by: 1)
        #expect(
            draw(short, columns: 40) == """
                Artists for "jack"  1–3
                  #  Artist        Genre             ID
                  1  Jack Johnson  Rock          909253
                › 2  Jack White    Alternative  1234567
                  3  大塚 愛       J-Pop             42

                """)
        for columns in [1, 5, 12, 20] { _ = draw(short, columns: columns) }
    }

    @Test("Nothing from the server drives the terminal: every cell is sanitised")
    func hostileStrings() {
        let hostile = MusicArtist.stub(
            name: "Evil\u{1B}]8;;http://x\u{07}\u{1B}[2J\u{9B}31m", genre: "\u{202E}Pop\r\n",
            url: URL(string: "javascript:alert(1)"))
        var state = list([hostile, .stub()])
        state.title = "t\u{1B}[31m"
        let frame = FullScreenListView.frame(of: state, columns: 80, rows: 8)
        for run in frame.lines.flatMap(\.runs) {
            #expect(!run.text.unicodeScalars.contains { TerminalSanitizer.isControl($0) })
            #expect(run.link == nil)
        }
        let encoded = FrameEncoder(usesColor: true, usesHyperlinks: true).encode(from: nil, to: frame)
        #expect(!encoded.contains(0x07) && !encoded.contains(0x9B))
    }

    @Test("A message too long to share the status line gets lines of its own; the body shrinks, help stays above")
    func messageLines() async {
        let viewModel = DefaultMusicArtistsListViewModel(
            searchUseCase: MockSearchMusicArtistsUseCase { query throws(CatalogError) in
                MusicArtistsPage(query: query, items: Self.artists)
            })
        let view = FullScreenListView(viewModel: viewModel, hints: PlainHintPhrasing())
        await viewModel.didSearch(query: MusicArtistQuery(term: "jack"))
        #expect(view.keyInput.handle(.end))  // the last row selected
        let message = "the iTunes service limits clients to about 20 requests a minute and refused this one"
        let frame = FullScreenChrome.frame(
            for: view, columns: 40, rows: 8, content: FullScreenChrome.Content(message: message))
        #expect(
            frame.text == """
                Artists for "jack"  1–3
                  #  Artist        Genre             ID
                  2  Jack White    Alternative  1234567
                › 3  大塚 愛       J-Pop             42
                the iTunes service limits clients to
                about 20 requests a minute and refused
                this one
                Esc back · ? help · q quit
                """)
        // Short enough to share the status line, it does so; help never covers a message.
        let wide = FullScreenChrome.frame(
            for: view, columns: 120, rows: 8, content: FullScreenChrome.Content(message: "cancelled"))
        #expect(wide.lines[7].text.hasPrefix("cancelled  Enter artist's videos · ↑/↓ move"))
        let withHelp = FullScreenChrome.frame(
            for: view, columns: 40, rows: 12, content: FullScreenChrome.Content(message: message, help: view.help))
        #expect(withHelp.lines[8].text == "the iTunes service limits clients to")
        #expect(withHelp.lines[10].text == "this one")
        #expect(withHelp.lines[0..<8].contains { $0.text.contains("┌ Keys") })
        #expect(withHelp.lines[0..<8].contains { $0.text.contains("└") })
    }

    @Test("The view over the artist list's view model: its title, Enter and a typed number choose a row")
    func viewOverViewModel() async {
        let chosen = Locked<[Int]>([])
        let viewModel = DefaultMusicArtistsListViewModel(
            searchUseCase: MockSearchMusicArtistsUseCase { query throws(CatalogError) in
                MusicArtistsPage(query: query, items: Self.artists)
            },
            actions: MusicArtistsListViewModelActions(showArtistVideos: { id, _ in
                chosen.withLock { $0.append(id) }
            }))
        let view = FullScreenListView(viewModel: viewModel, hints: PlainHintPhrasing())
        #expect(view.state.title == "Artists")
        await viewModel.didSearch(query: MusicArtistQuery(term: "jack", country: "US", limit: 5))
        let frame = FullScreenChrome.frame(
            for: view, columns: 60, rows: 7, content: FullScreenChrome.Content())
        #expect(frame.text.hasPrefix("Artists for \"jack\"  1–3\n"))
        #expect(frame.lines[6].text == "Enter artist's videos · Esc back · ? help · q quit")
        #expect(view.keyInput.handle(.down) && view.keyInput.handle(.enter))
        #expect(view.keyInput.handle(.character("3")) && KeyHint.text(view.keyHints).hasPrefix("open row 3…"))
        #expect(view.keyInput.handle(.enter))
        #expect(view.keyInput.handle(.end) && view.keyInput.handle(.pageUp) && view.state.selectedRow == 0)
        #expect(!view.keyInput.handle(.character("q")) && !view.cancelRequest())
        #expect(chosen.value == [1_234_567, 42])
    }
}
