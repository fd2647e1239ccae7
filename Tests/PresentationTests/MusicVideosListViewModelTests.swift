import Domain
import Mocks
import Presentation
import Testing

@MainActor
@Suite("The list view model")
struct MusicVideosListViewModelTests {
    private let query = MusicVideoQuery(term: "jack johnson", limit: 2)

    private func viewModel(
        search: MockSearchMusicVideosUseCase = MockSearchMusicVideosUseCase(),
        artist: MockFetchArtistMusicVideosUseCase = MockFetchArtistMusicVideosUseCase(),
        actions: MusicVideosListViewModelActions? = nil
    ) -> DefaultMusicVideosListViewModel {
        DefaultMusicVideosListViewModel(searchUseCase: search, artistVideosUseCase: artist, actions: actions)
    }

    @Test("Given results, a search emits loading then idle, the rows, the source and paging, and no error")
    func searchSuccess() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: [.stub(id: 1), .stub(id: 2)], rowCount: 2)
        }
        let viewModel = viewModel(search: useCase)
        let items = PublisherRecorder(viewModel.items)
        let loading = PublisherRecorder(viewModel.loading)
        let sources = PublisherRecorder(viewModel.source)
        let hasNext = PublisherRecorder(viewModel.hasNextPage)
        let hasPrevious = PublisherRecorder(viewModel.hasPreviousPage)
        let errors = PublisherRecorder(viewModel.error)
        let noResults = PublisherRecorder(viewModel.noResults)

        await viewModel.didSearch(query: query)

        #expect(items.values.map { $0.map(\.video.id) } == [[], [1, 2]])
        #expect(loading.values == [.idle, .firstPage, .idle])
        #expect(sources.values == [nil, .search(query)])
        #expect(hasNext.values == [false, true])
        #expect(hasPrevious.values == [false])
        #expect(errors.values.isEmpty)
        #expect(noResults.values.isEmpty)
        #expect(useCase.executedQueries == [query])
    }

    @Test("Given no results, a search emits noResults once, naming its term, with a hint to try other words")
    func searchEmpty() async {
        let viewModel = viewModel(
            search: MockSearchMusicVideosUseCase { query throws(CatalogError) in
                MusicVideoPage(query: query, videos: [], rowCount: 0)
            })
        let noResults = PublisherRecorder(viewModel.noResults)
        await viewModel.didSearch(query: query)
        #expect(noResults.values == [UserMessage("no music videos found for \"\(query.term)\"", hint: .tryOtherWords)])
    }

    @Test("Given a failure, the error is emitted once, loading returns to idle, and the rows stay")
    func searchFailure() async {
        let viewModel = viewModel(
            search: MockSearchMusicVideosUseCase { _ throws(CatalogError) in throw .rateLimited(retryAfter: nil) })
        let errors = PublisherRecorder(viewModel.error)
        let loading = PublisherRecorder(viewModel.loading)
        let items = PublisherRecorder(viewModel.items)
        await viewModel.didSearch(query: query)
        #expect(errors.values == [.rateLimited(retryAfter: nil)])
        #expect(loading.values == [.idle, .firstPage, .idle])
        #expect(items.values.map(\.count) == [0])
    }

    @Test("Next and previous replace the page shown, by offset, and say when there is no more")
    func paging() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            query.offset == 0
                ? MusicVideoPage(query: query, videos: [.stub(id: 1), .stub(id: 2)], rowCount: 2)
                : MusicVideoPage(query: query, videos: [.stub(id: 3)], rowCount: 1)
        }
        let viewModel = viewModel(search: useCase)
        let items = PublisherRecorder(viewModel.items)
        let loading = PublisherRecorder(viewModel.loading)
        let hasNext = PublisherRecorder(viewModel.hasNextPage)
        let hasPrevious = PublisherRecorder(viewModel.hasPreviousPage)
        await viewModel.didSearch(query: query)
        await viewModel.didLoadNextPage()
        await viewModel.didLoadNextPage()  // last page: nothing happens
        await viewModel.didLoadPreviousPage()
        #expect(items.values.map { $0.map(\.video.id) } == [[], [1, 2], [3], [1, 2]])
        #expect(loading.values == [.idle, .firstPage, .idle, .nextPage, .idle, .previousPage, .idle])
        #expect(hasNext.values == [false, true, false, true])
        #expect(hasPrevious.values == [false, true, false])
        #expect(useCase.executedQueries.map(\.offset) == [0, 2, 0])
    }

    @Test(
        "Given a service that ignores the offset, when the next page repeats the rows, then none is added and paging ends"
    )
    func repeatedPageEndsPaging() async {
        // Two pages, the second with one new row and one repeated; the third only repeats.
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            let ids = query.offset == 0 ? [1, 2] : query.offset == 2 ? [2, 3] : [1, 2]
            return MusicVideoPage(query: query, videos: ids.map { .stub(id: $0) }, rowCount: 2)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(), keepsLoadedPages: true)
        let items = PublisherRecorder(viewModel.items)
        let hasNext = PublisherRecorder(viewModel.hasNextPage)
        await viewModel.didSearch(query: query)
        await viewModel.didLoadNextPage()
        #expect(items.values.last?.map(\.video.id) == [1, 2, 3])
        #expect(hasNext.values.last == true)
        await viewModel.didLoadNextPage()
        #expect(items.values.last?.map(\.video.id) == [1, 2, 3])
        #expect(hasNext.values.last == false)
        await viewModel.didLoadNextPage()  // no more: nothing asked
        #expect(useCase.executedQueries.count == 3)
    }

    @Test("With prefetching, the next page is asked for as soon as a page shows, and n uses it")
    func prefetch() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            query.offset == 0
                ? MusicVideoPage(query: query, videos: [.stub(id: 1), .stub(id: 2)], rowCount: 2)
                : MusicVideoPage(query: query, videos: [.stub(id: 3)], rowCount: 1)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(), prefetchesNextPage: true)
        let items = PublisherRecorder(viewModel.items)
        await viewModel.didSearch(query: query)
        await viewModel.didLoadNextPage()
        #expect(items.values.map { $0.map(\.video.id) } == [[], [1, 2], [3]])
        #expect(useCase.executedQueries.map(\.offset) == [0, 2])  // no request of its own for page 2
    }

    @Test("Without prefetching (one-shot output), no page is asked for beyond the one shown")
    func noPrefetch() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: [.stub(id: 1), .stub(id: 2)], rowCount: 2)
        }
        await viewModel(search: useCase).didSearch(query: query)
        #expect(useCase.executedQueries.map(\.offset) == [0])
    }

    @Test("An artist's videos load through the artist use case, with no paging")
    func artistVideos() async {
        let artistQuery = ArtistMusicVideosQuery(artistID: 9, artistName: "Clairo", country: "us", limit: 5)
        let artist = MockFetchArtistMusicVideosUseCase { query throws(CatalogError) in
            var normalised = query
            normalised.country = query.country.uppercased()
            return ArtistMusicVideosPage(query: normalised, items: [.stub(id: 4), .stub(id: 5)])
        }
        let viewModel = viewModel(artist: artist)
        let sources = PublisherRecorder(viewModel.source)
        let items = PublisherRecorder(viewModel.items)
        await viewModel.didShowArtistVideos(query: artistQuery)
        var normalised = artistQuery
        normalised.country = "US"
        #expect(sources.values == [nil, .artist(normalised)])
        #expect(items.values.last?.map(\.video.id) == [4, 5])
        #expect(artist.executedQueries == [artistQuery])
        await viewModel.didLoadNextPage()
        #expect(artist.executedQueries.count == 1)
    }

    @Test("Selecting a row asks the coordinator to show it; an index outside the page does nothing")
    func selection() async {
        var shown: [MusicVideo.ID] = []
        let actions = MusicVideosListViewModelActions(showMusicVideoDetails: { shown.append($0.id) })
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: [.stub(id: 5), .stub(id: 6)], rowCount: 2)
        }
        let viewModel = viewModel(search: useCase, actions: actions)
        await viewModel.didSearch(query: query)
        viewModel.didSelectItem(at: 1)
        viewModel.didSelectItem(at: 2)
        viewModel.didSelectItem(at: -1)
        #expect(shown == [6])
    }

    @Test(
        "Cancelling a search in flight, or the task awaiting it, emits no error and no rows", arguments: [true, false])
    func cancellation(byInput: Bool) async {
        let started = AsyncStream<Void>.makeStream()
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            started.continuation.yield()
            do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
            return MusicVideoPage(query: query, videos: [.stub()], rowCount: 1)
        }
        let viewModel = viewModel(search: useCase)
        let errors = PublisherRecorder(viewModel.error)
        let items = PublisherRecorder(viewModel.items)
        let search = Task { await viewModel.didSearch(query: query) }
        for await _ in started.stream { break }
        if byInput { viewModel.didCancel() } else { search.cancel() }
        await search.value
        #expect(errors.values.isEmpty)
        #expect(items.values.map(\.count) == [0])
    }
}
