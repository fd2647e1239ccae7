import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

/// `/` in the full-screen list of any rows (the artists found): the same matching as the results.
@MainActor
@Suite("Filtering the artists list as in fzf")
struct ListFilterTests {
    nonisolated static let artists: [MusicArtist] = [
        .stub(id: 1, name: "Beyoncé", genre: "Pop"),
        .stub(id: 2, name: "Zoë Kravitz", genre: "Alternative"),
        .stub(id: 3, name: "Bey Brothers", genre: "Rock"),
        .stub(id: 4, name: "Jack White", genre: "Alternative"),
    ]

    private func view() async -> FullScreenListView<MusicArtistsListItemViewModel> {
        let viewModel = DefaultMusicArtistsListViewModel(
            searchUseCase: MockSearchMusicArtistsUseCase { query throws(CatalogError) in
                MusicArtistsPage(query: query, items: Self.artists)
            })
        let view = FullScreenListView(viewModel: viewModel, hints: PlainHintPhrasing())
        await viewModel.didSearch(query: MusicArtistQuery(term: "b"))
        return view
    }

    private func type(_ text: String, into view: FullScreenListView<MusicArtistsListItemViewModel>) {
        for character in text { #expect(view.keyInput.handle(.character(character))) }
    }

    private func names(_ view: FullScreenListView<MusicArtistsListItemViewModel>) -> [String] {
        view.state.visible.map { view.state.rows[$0].name }
    }

    @Test("/beyonce keeps Beyoncé, /zoe keeps Zoë; the count is in the filter line and the status line")
    func accents() async {
        let view = await view()
        type("/beyonce", into: view)
        #expect(names(view) == ["Beyoncé"])
        #expect(view.capturesText)
        #expect(KeyHint.text(view.keyHints).hasPrefix("1/4 · type to filter"))
        let frame = view.render(columns: 60, rows: 8)
        #expect(frame.lines[1].text == "/beyonce  1/4")
        #expect(frame.lines[3].text.hasPrefix("› 1  Beyoncé"))
        #expect(frame.lines[3].runs.contains { $0.text == "Beyoncé" && $0.attributes.contains(.highlight) })
        #expect(view.keyInput.handle(.escape))
        #expect(names(view).count == 4 && !view.capturesText)
        type("/zoe", into: view)
        #expect(names(view) == ["Zoë Kravitz"])
    }

    @Test("Best first: a run at a word start before letters apart; Enter keeps the filter and opens rows from it")
    func ordering() async {
        let view = await view()
        type("/bey", into: view)
        #expect(names(view) == ["Beyoncé", "Bey Brothers"])
        type("br", into: view)
        #expect(names(view) == ["Bey Brothers"])
        #expect(view.keyInput.handle(.enter))  // keeps the filter
        #expect(!view.capturesText && view.state.filter != nil)
        #expect(view.state.selectedRow == 2)
        #expect(KeyHint.text(view.keyHints).hasPrefix("1/4 · Enter"))
        // A row's number hidden by the filter clears it.
        #expect(view.keyInput.handle(.character("4")))
        #expect(view.keyInput.handle(.enter))
        #expect(view.state.filter == nil && view.state.selectedRow == 3)
    }
}
