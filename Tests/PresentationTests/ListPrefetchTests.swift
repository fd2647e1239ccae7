import Domain
import Mocks
import Testing

@testable import Presentation

/// When the list view model fetches the next page in the background, and when it holds back.
@MainActor
@Suite("The list view model prefetches")
struct ListPrefetchTests {
    private let query = MusicVideoQuery(term: "x", limit: 2)

    /// Full pages of videos numbered from the query's offset.
    nonisolated private static func page(_ query: MusicVideoQuery) -> MusicVideoPage {
        let videos = (1...query.limit).map { MusicVideo.stub(id: query.offset + $0) }
        return MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
    }

    @Test("Given a view far from the last row, nothing is fetched; within one screen of it, the next offset is, once")
    func withinOneScreen() async {
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in Self.page(query) }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            prefetchesNextPage: true, keepsLoadedPages: true)
        let items = PublisherRecorder(viewModel.items)
        await viewModel.didSearch(query: MusicVideoQuery(term: "x", limit: 10))
        #expect(!viewModel.isPrefetching)  // nobody has looked yet
        viewModel.didView(rowAt: 0, rowsOnScreen: 8)  // row 1 of 10: more than a screen from the end
        #expect(!viewModel.isPrefetching)
        viewModel.didView(rowAt: 2, rowsOnScreen: 8)
        #expect(viewModel.isPrefetching)
        viewModel.didView(rowAt: 3, rowsOnScreen: 8)
        await eventually { items.values.last?.count == 20 }
        #expect(useCase.executedQueries.map(\.offset) == [0, 10])
    }

    @Test("Given a Retry-After answer, nothing is fetched in the background until its wait has passed")
    func rateLimitWait() async {
        let clock = Locked(ContinuousClock.now)
        let limited = Locked(true)
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            if query.offset > 0,
                limited.withLock({ value in
                    defer { value = false }
                    return value
                })
            {
                throw .rateLimited(retryAfter: 30)
            }
            return Self.page(query)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            prefetchesNextPage: true, keepsLoadedPages: true, now: { clock.value })
        let errors = PublisherRecorder(viewModel.error)
        await viewModel.didSearch(query: query)
        viewModel.didView(rowAt: 1, rowsOnScreen: 10)
        await viewModel.didLoadNextPage()  // the user reaches the end: the failure is said now
        #expect(errors.values == [.rateLimited(retryAfter: 30)])

        viewModel.didView(rowAt: 1, rowsOnScreen: 10)
        #expect(!viewModel.isPrefetching)
        clock.withLock { $0 += .seconds(29) }
        viewModel.didView(rowAt: 1, rowsOnScreen: 10)
        #expect(!viewModel.isPrefetching)
        clock.withLock { $0 += .seconds(2) }
        viewModel.didView(rowAt: 1, rowsOnScreen: 10)
        #expect(viewModel.isPrefetching)
        await eventually { useCase.executedQueries.map(\.offset).prefix(3) == [0, 2, 2] }
    }

    @Test("Given a spent request budget, moving past the last row again says it again without asking, until its wait")
    func budgetSpentSaidNotAsked() async {
        let clock = Locked(ContinuousClock.now)
        let spent = CatalogError.requestBudgetSpent(retryAfter: 30, rate: "20 a minute")
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            if query.offset > 0 { throw spent }
            return Self.page(query)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            keepsLoadedPages: true, now: { clock.value })
        let errors = PublisherRecorder(viewModel.error)
        await viewModel.didSearch(query: query)
        await viewModel.didLoadNextPage()
        for _ in 1...3 { await viewModel.didLoadNextPage() }  // the user keeps pressing ↓ at the end
        #expect(useCase.executedQueries.map(\.offset) == [0, 2])
        #expect(errors.values == Array(repeating: spent, count: 4))
        clock.withLock { $0 += .seconds(31) }
        await viewModel.didLoadNextPage()  // the budget's wait has passed: asked again
        #expect(useCase.executedQueries.map(\.offset) == [0, 2, 2])
    }

    @Test(
        "Given a rate limit, moving past the last row again says it again without asking, until its wait has passed; r asks at once"
    )
    func rateLimitSaidNotAsked() async {
        let clock = Locked(ContinuousClock.now)
        let limited = Locked(true)
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            if query.offset > 0, limited.value { throw .rateLimited(retryAfter: 30) }
            return Self.page(query)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            keepsLoadedPages: true, now: { clock.value })
        let errors = PublisherRecorder(viewModel.error)
        let items = PublisherRecorder(viewModel.items)
        await viewModel.didSearch(query: query)
        await viewModel.didLoadNextPage()
        #expect(useCase.executedQueries.map(\.offset) == [0, 2])
        for _ in 1...5 { await viewModel.didLoadNextPage() }  // the user keeps pressing ↓ at the end
        #expect(useCase.executedQueries.map(\.offset) == [0, 2])
        #expect(errors.values == Array(repeating: .rateLimited(retryAfter: 30), count: 6))
        clock.withLock { $0 += .seconds(31) }
        await viewModel.didLoadNextPage()  // the wait has passed: asked again
        #expect(useCase.executedQueries.map(\.offset) == [0, 2, 2])
        await viewModel.didRetry()  // r does not wait for the service's time
        #expect(useCase.executedQueries.map(\.offset) == [0, 2, 2, 2])
        limited.withLock { $0 = false }
        await viewModel.didRetry()
        #expect(items.values.last?.count == 4)
        await viewModel.didLoadNextPage()  // answered again: nothing held back
        #expect(useCase.executedQueries.map(\.offset) == [0, 2, 2, 2, 2, 4])
    }

    @Test("Given a page loading (its request may be waiting out a Retry-After), nothing is fetched beside it")
    func notWhileLoading() async {
        let (stream, release) = AsyncStream<Void>.makeStream()
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            if query.offset > 0 { for await _ in stream {} }
            return Self.page(query)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            prefetchesNextPage: true, keepsLoadedPages: true)
        await viewModel.didSearch(query: query)
        let load = Task { await viewModel.didLoadNextPage() }
        await eventually { useCase.executedQueries.count == 2 }
        viewModel.didView(rowAt: 1, rowsOnScreen: 10)
        #expect(!viewModel.isPrefetching)
        release.finish()
        await load.value
        #expect(viewModel.isPrefetching)  // rows 3–4 shown, and row 2 is within a screen of them
    }

    @Test(
        "Given a page at a time (the line session), the next is fetched as a page shows; its failure is said only at n, and r asks again"
    )
    func failureSaidAtTheEnd() async {
        let failing = Locked(true)
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            if query.offset > 0,
                failing.withLock({ value in
                    defer { value = false }
                    return value
                })
            {
                throw .serviceUnavailable(statusCode: 503)
            }
            return Self.page(query)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(), prefetchesNextPage: true)
        let errors = PublisherRecorder(viewModel.error)
        let items = PublisherRecorder(viewModel.items)
        await viewModel.didSearch(query: query)
        await eventually { !failing.value }
        #expect(errors.values.isEmpty)

        await viewModel.didLoadNextPage()
        #expect(errors.values == [.serviceUnavailable(statusCode: 503)])
        #expect(useCase.executedQueries.map(\.offset) == [0, 2])
        await viewModel.didRetry()
        #expect(items.values.last?.map(\.video.id) == [3, 4])
        #expect(useCase.executedQueries.map(\.offset).prefix(3) == [0, 2, 2])
    }

    @Test("Cancelling (a new search, leaving the list) cancels the page being fetched in the background")
    func cancelled() async {
        let cancelledOffsets = Locked<[Int]>([])
        let useCase = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            if query.offset > 0 {
                let (stream, _) = AsyncStream<Void>.makeStream()
                for await _ in stream {}
                cancelledOffsets.withLock { $0.append(query.offset) }
                throw .cancelled
            }
            return Self.page(query)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: useCase, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(), prefetchesNextPage: true)
        await viewModel.didSearch(query: query)
        #expect(viewModel.isPrefetching)
        await viewModel.didSearch(query: MusicVideoQuery(term: "y", limit: 2))
        await eventually { cancelledOffsets.value == [2] }
        viewModel.didCancel()
        await eventually { cancelledOffsets.value == [2, 2] }
        #expect(useCase.executedQueries.map(\.term) == ["x", "x", "y", "y"])
    }
}
