import Domain
import Mocks
import Presentation
import Testing

@MainActor
@Suite("Interactive screens")
struct ScreenTests {
    private func results(_ ids: [Int], rowCount: Int, offset: Int = 0) -> (
        ResultsScreen, DefaultMusicVideosListViewModel, CapturingOutput, MockSearchMusicVideosUseCase
    ) {
        let useCase = MockSearchMusicVideosUseCase { query throws(MusicVideoError) in
            MusicVideoPage(
                query: query, videos: ids.map { .stub(id: $0 + query.offset, title: "v\($0 + query.offset)") },
                rowCount: rowCount)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase())
        let output = CapturingOutput()
        let status = MusicVideosListStatusView(
            viewModel: viewModel, diagnostics: CapturingOutput(), diagnosticPrefix: "",
            activityIndicator: HiddenActivityIndicator())
        let screen = ResultsScreen(viewModel: viewModel, width: 80, style: .plain, output: output, status: status)
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
        #expect(screen.keys == "1–2 details · n next page · p previous page")
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

    @Test("The search screen lists recent searches, numbered")
    func searchScreen() async {
        let viewModel = DefaultMusicVideosSearchViewModel(
            recentSearchesRepository: InMemoryRecentSearchesRepository(["b", "a"]),
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
