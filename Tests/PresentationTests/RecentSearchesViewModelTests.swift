import Domain
import Mocks
import Presentation
import Testing

@MainActor
@Suite("Recent searches: use cases, view model and view")
struct RecentSearchesViewModelTests {
    private func makeViewModel(_ repository: InMemoryRecentSearchesRepository) -> DefaultRecentSearchesViewModel {
        DefaultRecentSearchesViewModel(
            fetchUseCase: DefaultFetchRecentSearchesUseCase(repository: repository),
            clearUseCase: DefaultClearRecentSearchesUseCase(repository: repository))
    }

    @Test("Given stored terms, loading publishes them newest first; clearing empties the store and the list")
    func loadAndClear() async throws {
        let repository = InMemoryRecentSearchesRepository(["b", "a"])
        let viewModel = makeViewModel(repository)
        let terms = PublisherRecorder(viewModel.terms)
        await viewModel.didLoad()
        try await viewModel.didClear()
        #expect(terms.values == [nil, ["b", "a"], []])
        #expect(await repository.terms.isEmpty)
    }

    @Test("Clearing that fails throws the reason and leaves the list as it was")
    func clearFails() async {
        let repository = InMemoryRecentSearchesRepository(["b", "a"])
        let failure = RecentSearchesError(.inputOutput, reason: "/s/recent-searches.json: input/output error")
        await repository.failClearing(with: failure)
        let viewModel = makeViewModel(repository)
        let terms = PublisherRecorder(viewModel.terms)
        await viewModel.didLoad()
        await #expect(throws: failure) { try await viewModel.didClear() }
        #expect(terms.values == [nil, ["b", "a"]])
        #expect(await repository.terms == ["b", "a"])
    }

    @Test("The view writes the loaded terms once with the renderer it is given, and nothing before")
    func viewWritesWithInjectedRenderer() async {
        let viewModel = makeViewModel(InMemoryRecentSearchesRepository(["jack \"j\"", "evil\u{1B}[2J"]))
        let lines = CapturingOutput()
        let json = CapturingOutput()
        let views = [
            RecentSearchesView(viewModel: viewModel, renderer: RecentSearchesLinesRenderer(), output: lines),
            RecentSearchesView(viewModel: viewModel, renderer: RecentSearchesJSONRenderer(), output: json),
        ]
        #expect(lines.chunks.isEmpty && json.chunks.isEmpty)
        await viewModel.didLoad()
        withExtendedLifetime(views) {}
        #expect(lines.chunks == ["jack \"j\"\nevil[2J\n"])
        #expect(json.chunks == [#"["jack \"j\"","evil\u001B[2J"]"# + "\n"])
    }
}
