import Domain
import Mocks
import Presentation
import TerminalUI
import Testing

@MainActor
@Suite("Interactive screens")
struct ScreenTests {
    private func results(_ ids: [Int], rowCount: Int, offset: Int = 0) -> (
        ListScreen<MusicVideosListItemViewModel>, DefaultMusicVideosListViewModel, CapturingOutput,
        MockSearchMusicVideosUseCase
    ) {
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            MusicVideoPage(
                query: query, videos: ids.map { .stub(id: $0 + query.offset, title: "v\($0 + query.offset)") },
                rowCount: rowCount)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase())
        let output = CapturingOutput()
        let status = ListStatusView(
            viewModel: viewModel, diagnostics: CapturingOutput(), diagnosticPrefix: "",
            activityIndicator: HiddenActivityIndicator())
        let screen = ListScreen(
            pagedViewModel: viewModel, renderer: { MusicVideosTableRenderer(width: 80, firstNumber: $0) },
            style: .plain,
            output: output,
            status: status)
        return (screen, viewModel, output, useCase)
    }

    @Test("The results screen draws its page with a title, and names only the keys that work")
    func resultsKeys() async {
        let (screen, viewModel, output, _) = results([1, 2], rowCount: 2)
        #expect(screen.isEmpty)
        await viewModel.didSearch(query: MusicVideoQuery(term: "x", limit: 2))
        #expect(output.text.hasPrefix("Music videos for \"x\", 1–2\n#  Title"))
        #expect(screen.keys == "1–2 details · n next page")
        #expect(await screen.handle("n"))
        #expect(output.chunks.last?.hasPrefix("Music videos for \"x\", 3–4") == true)
        #expect(screen.keys == "3–4 details · n next page · p previous page")
        #expect(await !screen.handle("7"))
        #expect(await !screen.handle("zz"))
    }

    @Test("On the last page, n means nothing")
    func lastPage() async {
        let (screen, viewModel, _, useCase) = results([1], rowCount: 1)
        await viewModel.didSearch(query: MusicVideoQuery(term: "x", limit: 5))
        #expect(screen.keys == "1 details")
        #expect(await !screen.handle("n"))
        #expect(useCase.executedQueries.count == 1)
    }

    @Test("Paging past the last page says there are no more results and stays on the last page")
    func pagePastTheEnd() async {
        // A full page of 2, then nothing: the count is a multiple of the limit.
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            let videos: [MusicVideo] = query.offset == 0 ? [.stub(id: 1), .stub(id: 2)] : []
            return MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase())
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let status = ListStatusView(
            viewModel: viewModel, diagnostics: diagnostics, diagnosticPrefix: "",
            activityIndicator: HiddenActivityIndicator())
        let screen = ListScreen(
            pagedViewModel: viewModel, renderer: { MusicVideosTableRenderer(width: 80, firstNumber: $0) },
            style: .plain,
            output: output, status: status)
        await viewModel.didSearch(query: MusicVideoQuery(term: "x", limit: 2))
        #expect(await screen.handle("n"))
        #expect(diagnostics.text == "no more music videos for \"x\" after the first 2 — try other words for more\n")
        #expect(!screen.isEmpty)
        #expect(screen.keys == "1–2 details")
        #expect(output.chunks.count == 1)  // the last page is not drawn again, nor replaced
        #expect(await screen.handle("2"))
        #expect(await !screen.handle("n"))
    }

    @Test("Row numbers continue across pages: page 2 of 2 per page starts at 3, and 3 opens its first row")
    func numbersContinue() async {
        var opened: [MusicVideo.ID] = []
        let numbered = DefaultMusicVideosListViewModel(
            searchUseCase: MockSearchMusicVideosUseCase { query throws(CatalogError) in
                MusicVideoPage(
                    query: query, videos: [.stub(id: query.offset + 1), .stub(id: query.offset + 2)], rowCount: 2)
            },
            artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            actions: MusicVideosListViewModelActions(showMusicVideoDetails: { opened.append($0.id) }))
        let numberedOutput = CapturingOutput()
        let numberedScreen = ListScreen(
            pagedViewModel: numbered, renderer: { MusicVideosTableRenderer(width: 80, firstNumber: $0) }, style: .plain,
            output: numberedOutput,
            status: ListStatusView(
                viewModel: numbered, diagnostics: CapturingOutput(), diagnosticPrefix: "",
                activityIndicator: HiddenActivityIndicator()))
        await numbered.didSearch(query: MusicVideoQuery(term: "x", limit: 2))
        #expect(await numberedScreen.handle("n"))
        #expect(numberedScreen.keys == "3–4 details · n next page · p previous page")
        let page = numberedOutput.chunks.last ?? ""
        #expect(page.contains("\n3  ") && page.contains("\n4  ") && !page.contains("\n1  "))
        #expect(await !numberedScreen.handle("1"))
        #expect(await numberedScreen.handle("3"))
        #expect(opened == [3])
    }

    @Test("A results screen with nothing to show understands no number")
    func emptyScreen() async {
        let (screen, _, _, _) = results([], rowCount: 0)
        #expect(await !screen.handle("1"))
        #expect(await !screen.handle("0"))
    }

    @Test("A list that does not page (artists): titled, numbered from 1, its choice in the keys, no n or p")
    func listThatDoesNotPage() async {
        var opened: [MusicArtist.ID] = []
        let viewModel = DefaultMusicArtistsListViewModel(
            searchUseCase: MockSearchMusicArtistsUseCase { query throws(CatalogError) in
                MusicArtistsPage(query: query, items: [.stub(id: 7, name: "A"), .stub(id: 8, name: "B")])
            },
            actions: MusicArtistsListViewModelActions(showArtistVideos: { id, _ in opened.append(id) }))
        let output = CapturingOutput()
        let screen = ListScreen(
            viewModel: viewModel, renderer: { TableRenderer(width: 80, firstNumber: $0) }, style: .plain,
            output: output,
            status: ListStatusView(
                viewModel: viewModel, diagnostics: CapturingOutput(), diagnosticPrefix: "",
                activityIndicator: HiddenActivityIndicator()))
        #expect(screen.isEmpty && screen.keys.isEmpty)
        await viewModel.didSearch(query: MusicArtistQuery(term: "j\u{1B}[2J"))
        #expect(output.text.hasPrefix("Artists for \"j[2J\"\n#  Artist"))
        #expect(output.text.contains("\n1  A") && output.text.contains("\n2  B"))
        #expect(screen.keys == "1–2 artist's videos")
        #expect(await !screen.handle("n"))
        #expect(await !screen.handle("3"))
        #expect(await screen.handle("2"))
        #expect(opened == [8])
    }

    @Test("The search screen lists recent searches, numbered")
    func searchScreen() async {
        let viewModel = DefaultMusicVideosSearchViewModel(
            recentSearchesUseCase: DefaultFetchRecentSearchesUseCase(
                repository: InMemoryRecentSearchesRepository(["b", "a"])),
            actions: MusicVideosSearchViewModelActions(showResults: { _ in }))
        let output = CapturingOutput()
        let screen = SearchScreen(
            viewModel: viewModel, output: output, diagnostics: CapturingOutput(), diagnosticPrefix: "", style: .plain)
        await viewModel.didLoad()
        screen.show()
        #expect(output.text == "Recent searches\n  1  b\n  2  a\n")
        #expect(screen.keys == "words to search for, or 1–2 to search again")
    }
}
