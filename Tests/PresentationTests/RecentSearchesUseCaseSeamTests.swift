import Domain
import Mocks
import Presentation
import Testing

@MainActor
@Suite("The recent-searches view model goes through its two use cases and nothing else")
struct RecentSearchesUseCaseSeamTests {
    @Test("Given a fetch use case, when the list loads, then it shows exactly its terms and clears nothing")
    func loadAsksOnlyTheFetchUseCase() async {
        let fetch = MockFetchRecentSearchesUseCase { ["new", "old"] }
        let clear = MockClearRecentSearchesUseCase()  // a call fails the test
        let viewModel = DefaultRecentSearchesViewModel(fetchUseCase: fetch, clearUseCase: clear)
        let terms = PublisherRecorder(viewModel.terms)
        await viewModel.didLoad()
        #expect(terms.values == [nil, ["new", "old"]])
        #expect(fetch.executions == 1)
        #expect(clear.executions == 0)
    }

    @Test(
        "Given a clear use case that fails, when the list is cleared, then its error comes through and the list stays")
    func clearFailureComesThrough() async {
        let failure = RecentSearchesError(.inputOutput, reason: "disk full")
        let fetch = MockFetchRecentSearchesUseCase { ["a"] }
        let clear = MockClearRecentSearchesUseCase { () throws(RecentSearchesError) in throw failure }
        let viewModel = DefaultRecentSearchesViewModel(fetchUseCase: fetch, clearUseCase: clear)
        let terms = PublisherRecorder(viewModel.terms)
        await viewModel.didLoad()
        await #expect(throws: failure) { try await viewModel.didClear() }
        #expect(terms.values == [nil, ["a"]])
        #expect(clear.executions == 1)
    }
}
