import Domain
import Mocks
import Presentation
import Testing

@MainActor
@Suite("The list view model")
struct MusicVideosListViewModelTests {
    private let query = MusicVideoQuery(term: "jack johnson", limit: 2)

    private func page(_ ids: [Int], query: MusicVideoQuery, rowCount: Int? = nil) -> MusicVideoPage {
        MusicVideoPage(
            query: query, videos: ids.map { .stub(id: $0, title: "v\($0)") }, rowCount: rowCount ?? ids.count)
    }

    @Test("Given results, a search emits loading then idle, the rows, the query and paging, and no error")
    func searchSuccess() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(MusicVideoError) in
            MusicVideoPage(query: query, videos: [.stub(id: 1), .stub(id: 2)], rowCount: 2)
        }
        let viewModel = DefaultMusicVideosListViewModel(searchUseCase: useCase)
        let items = PublisherRecorder(viewModel.items)
        let loading = PublisherRecorder(viewModel.loading)
        let queries = PublisherRecorder(viewModel.query)
        let hasNext = PublisherRecorder(viewModel.hasNextPage)
        let errors = PublisherRecorder(viewModel.error)
        let noResults = PublisherRecorder(viewModel.noResults)

        await viewModel.didSearch(query: query)

        #expect(items.values.map { $0.map(\.video.id) } == [[], [1, 2]])
        #expect(loading.values == [.idle, .firstPage, .idle])
        #expect(queries.values == [nil, query])
        #expect(hasNext.values == [false, true])
        #expect(errors.values.isEmpty)
        #expect(noResults.values.isEmpty)
        #expect(useCase.executedQueries == [query])
    }

    @Test("Given no results, a search emits noResults once and no rows")
    func searchEmpty() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(MusicVideoError) in
            MusicVideoPage(query: query, videos: [], rowCount: 0)
        }
        let viewModel = DefaultMusicVideosListViewModel(searchUseCase: useCase)
        let items = PublisherRecorder(viewModel.items)
        let noResults = PublisherRecorder(viewModel.noResults)
        await viewModel.didSearch(query: query)
        #expect(items.values.map(\.count) == [0, 0])
        #expect(noResults.values == [query])
    }

    @Test("Given a failure, the error is emitted once and loading returns to idle")
    func searchFailure() async {
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: MockSearchMusicVideosUseCase { _ throws(MusicVideoError) in
                throw .rateLimited(retryAfter: nil)
            })
        let errors = PublisherRecorder(viewModel.error)
        let loading = PublisherRecorder(viewModel.loading)
        await viewModel.didSearch(query: query)
        #expect(errors.values == [.rateLimited(retryAfter: nil)])
        #expect(loading.values == [.idle, .firstPage, .idle])
    }

    @Test("The next page appends rows not already shown, then paging stops on a short page")
    func nextPage() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(MusicVideoError) in
            query.offset == 0
                ? MusicVideoPage(query: query, videos: [.stub(id: 1), .stub(id: 2)], rowCount: 2)
                : MusicVideoPage(query: query, videos: [.stub(id: 2), .stub(id: 3)], rowCount: 2 - 1)
        }
        let viewModel = DefaultMusicVideosListViewModel(searchUseCase: useCase)
        let items = PublisherRecorder(viewModel.items)
        let loading = PublisherRecorder(viewModel.loading)
        let hasNext = PublisherRecorder(viewModel.hasNextPage)
        await viewModel.didSearch(query: query)
        await viewModel.didLoadNextPage()
        await viewModel.didLoadNextPage()
        #expect(items.values.map { $0.map(\.video.id) } == [[], [1, 2], [1, 2, 3]])
        #expect(loading.values == [.idle, .firstPage, .idle, .nextPage, .idle])
        #expect(hasNext.values == [false, true, false])
        #expect(useCase.executedQueries.map(\.offset) == [0, 2])
    }

    @Test("Selecting a row asks the coordinator to show it; an index outside the list does nothing")
    func selection() async {
        var shown: [MusicVideo.ID] = []
        let actions = MusicVideosListViewModelActions(showMusicVideoDetails: { shown.append($0.id) })
        let useCase = MockSearchMusicVideosUseCase { query throws(MusicVideoError) in
            MusicVideoPage(query: query, videos: [.stub(id: 5), .stub(id: 6)], rowCount: 2)
        }
        let viewModel = DefaultMusicVideosListViewModel(searchUseCase: useCase, actions: actions)
        await viewModel.didSearch(query: query)
        viewModel.didSelectItem(at: 1)
        viewModel.didSelectItem(at: 2)
        viewModel.didSelectItem(at: -1)
        #expect(shown == [6])
    }

    @Test("Cancelling a search in flight emits no error and no rows")
    func cancellation() async {
        let started = AsyncStream<Void>.makeStream()
        let useCase = MockSearchMusicVideosUseCase { query throws(MusicVideoError) in
            started.continuation.yield()
            do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
            return MusicVideoPage(query: query, videos: [.stub()], rowCount: 1)
        }
        let viewModel = DefaultMusicVideosListViewModel(searchUseCase: useCase)
        let errors = PublisherRecorder(viewModel.error)
        let items = PublisherRecorder(viewModel.items)
        async let search: Void = viewModel.didSearch(query: query)
        for await _ in started.stream { break }
        viewModel.didCancel()
        await search
        #expect(errors.values.isEmpty)
        #expect(items.values.map(\.count) == [0])
    }
}
