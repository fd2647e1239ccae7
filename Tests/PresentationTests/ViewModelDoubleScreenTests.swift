import Domain
import Mocks
import Presentation
import TerminalUI
import Testing

/// The screens and views render from their view model's protocol: each is driven here by a
/// double whose outputs the test sends on and whose inputs it reads back.
@MainActor
@Suite("Screens and views over view-model doubles")
struct ViewModelDoubleScreenTests {
    private func status(_ viewModel: any ListStatusOutput, diagnostics: CapturingOutput = CapturingOutput())
        -> ListStatusView
    {
        ListStatusView(
            viewModel: viewModel, diagnostics: diagnostics, diagnosticPrefix: "",
            activityIndicator: HiddenActivityIndicator())
    }

    @Test("Given artists sent by the view model, when 2 is typed, then the rows are drawn and the second is selected")
    func artistsList() async {
        let viewModel = MockMusicArtistsListViewModel()
        let output = CapturingOutput()
        let screen = ListScreen(
            viewModel: viewModel, renderer: { TableRenderer(width: 80, firstNumber: $0) }, style: .plain,
            output: output, status: status(viewModel))
        #expect(screen.isEmpty && output.text.isEmpty)
        viewModel.titleSubject.send("Artists for \"j\"")
        viewModel.itemsSubject.send(
            [.stub(id: 7, name: "A"), .stub(id: 8, name: "B")].map(MusicArtistsListItemViewModel.init))
        #expect(output.text.hasPrefix("Artists for \"j\"\n#  Artist"))
        #expect(output.text.contains("\n1  A") && output.text.contains("\n2  B"))
        #expect(screen.keys == "1–2 artist's videos")
        #expect(await screen.handle("2"))
        #expect(await !screen.handle("3"))
        #expect(viewModel.calls == [.didSelectItem(1)])
    }

    @Test("Given page 2 of a list (rows 26–27), when n, r and 27 are typed, then each reaches its input")
    func pagedList() async {
        let viewModel = MockMusicVideosListViewModel()
        let output = CapturingOutput()
        let screen = ListScreen(
            pagedViewModel: viewModel, renderer: { MusicVideosTableRenderer(width: 80, firstNumber: $0) },
            style: .plain, output: output, status: status(viewModel))
        viewModel.firstNumberSubject.send(26)
        viewModel.hasNextPageSubject.send(true)
        viewModel.hasPreviousPageSubject.send(true)
        viewModel.itemsSubject.send(MusicVideosListItemViewModel.items(for: [.stub(id: 1), .stub(id: 2)]))
        #expect(output.text.contains("\n26  ") && output.text.contains("\n27  ") && !output.text.contains("\n1  "))
        #expect(screen.keys == "26–27 details · n next page · p previous page")
        #expect(await !screen.handle("r"))
        viewModel.errorSubject.send(.cancelled)
        #expect(screen.keys.hasSuffix("· r retry"))
        #expect(await screen.handle("r"))
        #expect(await screen.handle("n"))
        #expect(await screen.handle("p"))
        #expect(await screen.handle("27"))
        #expect(await !screen.handle("25"))
        #expect(viewModel.calls == [.didRetry, .didLoadNextPage, .didLoadPreviousPage, .didSelectItem(1)])
    }

    @Test("Given a chart sent by the view model, when 1 is typed, then its title is drawn and row 0 is selected")
    func chart() async {
        let viewModel = MockTopMusicVideosViewModel()
        let output = CapturingOutput()
        let screen = ListScreen(
            viewModel: viewModel, renderer: { TableRenderer(width: 80, firstNumber: $0) }, style: .plain,
            output: output, status: status(viewModel))
        viewModel.titleSubject.send("Top music videos chart in GB")
        viewModel.itemsSubject.send(
            RankedRow.ranked(MusicVideosListItemViewModel.items(for: [.stub(id: 5, title: "Sofia")])))
        #expect(output.text.hasPrefix("Top music videos chart in GB\n"))
        #expect(output.text.contains("Sofia"))
        #expect(screen.keys == "1 details")
        #expect(await screen.handle("1"))
        #expect(viewModel.calls == [.didSelectItem(0)])
    }

    @Test("Given a video sent by the view model, when p, o and a are typed, then each input is called once")
    func details() async {
        let viewModel = MockMusicVideoDetailsViewModel()
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let view = MusicVideoDetailsView(
            viewModel: viewModel, renderer: MusicVideoDetailsTextRenderer(), output: output, diagnostics: diagnostics)
        let screen = DetailsScreen(viewModel: viewModel, view: view)
        #expect(screen.isEmpty)
        viewModel.videoSubject.send(.stub(id: 3, title: "Upside Down"))
        #expect(!screen.isEmpty)
        #expect(output.text.contains("Upside Down"))
        viewModel.noticeSubject.send("this video has no page to open")
        #expect(diagnostics.text == "this video has no page to open\n")
        for key in ["p", "o", "a"] { #expect(await screen.handle(key)) }
        #expect(await !screen.handle("x"))
        #expect(viewModel.calls == [.didPlayPreview, .didOpenInBrowser, .didShowArtistVideos])
    }

    @Test("Given recent searches sent by the view model, when 2 or words are typed, then they reach its inputs")
    func search() async {
        let viewModel = MockMusicVideosSearchViewModel()
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let screen = SearchScreen(
            viewModel: viewModel, output: output, diagnostics: diagnostics, diagnosticPrefix: "mvsearch: ",
            style: .plain)
        screen.show()
        #expect(output.text == "Search music videos\n")
        viewModel.recentSearchesSubject.send(["b", "a"])
        screen.show()
        #expect(output.chunks.last == "Recent searches\n  1  b\n  2  a\n")
        #expect(screen.keys == "words to search for, or 1–2 to search again")
        #expect(await screen.handle("2"))
        #expect(await screen.handle("jack johnson"))
        viewModel.noticeSubject.send("type some words to search for")
        #expect(diagnostics.text == "mvsearch: type some words to search for\n")
        #expect(viewModel.calls == [.didSelectRecentSearch(1), .didSubmit("jack johnson")])
    }

    @Test("Given terms not yet loaded, then the view writes nothing; once sent, and once cleared, it writes them")
    func recentSearches() async throws {
        let viewModel = MockRecentSearchesViewModel()
        let output = CapturingOutput()
        let view = RecentSearchesView(viewModel: viewModel, renderer: RecentSearchesLinesRenderer(), output: output)
        #expect(output.chunks.isEmpty)
        viewModel.termsSubject.send(["new", "old\u{1B}[2J"])
        #expect(output.chunks == ["new\nold[2J\n"])
        try await viewModel.didClear()
        #expect(output.chunks == ["new\nold[2J\n", ""])
        #expect(viewModel.calls == [.didClear])
        withExtendedLifetime(view) {}
    }
}
