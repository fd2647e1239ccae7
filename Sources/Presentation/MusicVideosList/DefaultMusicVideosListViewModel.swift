import Domain
import Foundation
import Reactive
import TerminalUI

/// Loads search results or an artist's videos through the use cases and publishes the page shown.
@MainActor
public final class DefaultMusicVideosListViewModel: MusicVideosListViewModel {
    let searchUseCase: any SearchMusicVideosUseCase
    private let artistVideosUseCase: any FetchArtistMusicVideosUseCase
    let relatedVideosUseCase: (any FetchRelatedMusicVideosUseCase)?
    let actions: MusicVideosListViewModelActions?
    let prefetchesNextPage: Bool
    let keepsLoadedPages: Bool

    let itemsSubject = CurrentValueSubject<[MusicVideosListItemViewModel], Never>([])
    private let sourceSubject = CurrentValueSubject<MusicVideosListSource?, Never>(nil)
    private let titleSubject = CurrentValueSubject<String, Never>("Music videos")
    private let firstNumberSubject = CurrentValueSubject<Int, Never>(1)
    let hasNextPageSubject = CurrentValueSubject<Bool, Never>(false)
    private let hasPreviousPageSubject = CurrentValueSubject<Bool, Never>(false)
    private let noResultsSubject = PassthroughSubject<UserMessage, Never>()
    private let noticeSubject = PassthroughSubject<String, Never>()

    /// The search page shown, for paging; `nil` for artist lists.
    var page: MusicVideoPage?
    /// The page after the one shown came back empty: it is the last.
    var isLastPage = false
    let loader = ListLoader<Loaded>()
    /// The next page, fetched in the background while the user reads this one (at most one).
    var prefetch: Prefetch?
    var prefetchCount = 0
    /// The next page's background fetch failed: said only when the user reaches the end.
    var prefetchFailure: (query: MusicVideoQuery, error: CatalogError)?
    /// The service asked to wait (rate limited): nothing is fetched in the background before then,
    /// and reaching the end again says the refusal again instead of asking (`r` still asks).
    var quietUntil: ContinuousClock.Instant?
    /// The refusal that set `quietUntil`.
    private var rateLimit: CatalogError?
    /// Where the user's view is: a row loaded, and how many rows a screen holds.
    var viewport: (row: Int, rowsOnScreen: Int)?
    /// What `didRetry` does: the load that failed last.
    private var retry: (@MainActor () async -> Void)?
    let now: @Sendable () -> ContinuousClock.Instant

    struct Prefetch {
        let number: Int
        let query: MusicVideoQuery
        let task: Task<Result<MusicVideoPage, CatalogError>, Never>
    }

    /// How long to hold back after a rate limit that did not say how long.
    static let rateLimitPause: Duration = .seconds(5)

    public let items: AnyPublisher<[MusicVideosListItemViewModel], Never>
    public let loading: AnyPublisher<ListLoading, Never>
    public let source: AnyPublisher<MusicVideosListSource?, Never>
    public let title: AnyPublisher<String, Never>
    public let firstNumber: AnyPublisher<Int, Never>
    public let choice = "details"
    public let hasNextPage: AnyPublisher<Bool, Never>
    public let hasPreviousPage: AnyPublisher<Bool, Never>
    public let noResults: AnyPublisher<UserMessage, Never>
    public let error: AnyPublisher<CatalogError, Never>
    public let notice: AnyPublisher<String, Never>

    enum Loaded {
        case page(MusicVideoPage)
        case artist(ArtistMusicVideosPage)
        case related(RelatedMusicVideosPage)
    }

    /// - Parameters:
    ///   - searchUseCase: Performs searches.
    ///   - artistVideosUseCase: Fetches an artist's videos.
    ///   - relatedVideosUseCase: Finds the videos like one video; `nil` where none are shown.
    ///   - actions: Navigation; `nil` where the list leads nowhere (one-shot output).
    ///   - prefetchesNextPage: Fetch the next page in the background once the user's view is
    ///     within one screen of the last row loaded (`didView(rowAt:rowsOnScreen:)`; a list that
    ///     shows one page at a time has its whole page on screen), so paging is instant. Off for
    ///     one-shot output: a request nobody asked for counts against the rate limit.
    ///   - keepsLoadedPages: The next page is added below the rows already shown (a list that
    ///     grows as the user scrolls) instead of replacing them; `items` is then every row loaded,
    ///     and a page fetched in the background is added as soon as it arrives.
    ///   - now: The clock a rate limit's wait is measured on.
    public init(
        searchUseCase: any SearchMusicVideosUseCase,
        artistVideosUseCase: any FetchArtistMusicVideosUseCase,
        relatedVideosUseCase: (any FetchRelatedMusicVideosUseCase)? = nil,
        actions: MusicVideosListViewModelActions? = nil,
        prefetchesNextPage: Bool = false,
        keepsLoadedPages: Bool = false,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.searchUseCase = searchUseCase
        self.artistVideosUseCase = artistVideosUseCase
        self.relatedVideosUseCase = relatedVideosUseCase
        self.actions = actions
        self.prefetchesNextPage = prefetchesNextPage
        self.keepsLoadedPages = keepsLoadedPages
        self.now = now
        items = itemsSubject.eraseToAnyPublisher()
        loading = loader.loading
        source = sourceSubject.eraseToAnyPublisher()
        title = titleSubject.eraseToAnyPublisher()
        firstNumber = firstNumberSubject.eraseToAnyPublisher()
        hasNextPage = hasNextPageSubject.eraseToAnyPublisher()
        hasPreviousPage = hasPreviousPageSubject.eraseToAnyPublisher()
        noResults = noResultsSubject.eraseToAnyPublisher()
        error = loader.error
        notice = noticeSubject.eraseToAnyPublisher()
    }

    deinit {
        prefetch?.task.cancel()
    }

    public func didSearch(query: MusicVideoQuery) async {
        let useCase = searchUseCase
        await loadFirst { () async throws(CatalogError) in .page(try await useCase.execute(query: query)) }
    }

    public func didShowArtistVideos(query: ArtistMusicVideosQuery) async {
        let useCase = artistVideosUseCase
        await loadFirst { () async throws(CatalogError) in
            .artist(try await useCase.execute(query: query))
        }
    }

    public func didLoadNextPage() async {
        guard loader.isIdle, !isLastPage, let query = page?.nextPageQuery else { return }
        if let failure = prefetchFailure, failure.query == query {
            // Fetched in the background and failed: said now that the user has reached the end.
            prefetchFailure = nil
            failed(failure.error) { [weak self] in await self?.loadPage(query, as: .nextPage) }
            loader.report(failure.error)
            return
        }
        if let quietUntil, now() < quietUntil, let rateLimit {
            // Each move past the last row would ask again: the service said when it will answer.
            loader.report(rateLimit)
            return
        }
        await loadPage(query, as: .nextPage)
    }

    public func didView(rowAt index: Int, rowsOnScreen: Int) {
        viewport = (index, max(1, rowsOnScreen))
        startPrefetchIfNear()
    }

    /// Whether a next page is being fetched in the background, or was and waits to be shown.
    var isPrefetching: Bool { prefetch != nil }

    public func didRetry() async {
        guard loader.isIdle, let retry else { return }
        self.retry = nil
        await retry()
    }

    public func didLoadPreviousPage() async {
        guard loader.isIdle, let query = page?.previousPageQuery else { return }
        await loadPage(query, as: .previousPage)
    }

    public func didSelectItem(at index: Int) {
        let rows = itemsSubject.value
        guard rows.indices.contains(index) else { return }
        actions?.showMusicVideoDetails(rows[index].video)
    }

    public func didOpenItemInBrowser(at index: Int) {
        let rows = itemsSubject.value
        guard rows.indices.contains(index) else { return }
        guard let url = rows[index].video.trackURL, ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            noticeSubject.send("this video has no web page to open")
            return
        }
        actions?.openInBrowser(url)
    }

    public func didShowArtistVideos(ofItemAt index: Int) {
        let rows = itemsSubject.value
        guard rows.indices.contains(index) else { return }
        guard let artistID = rows[index].video.artistID else {
            noticeSubject.send("the store does not say who the artist is")
            return
        }
        if case .artist(let query) = sourceSubject.value, query.artistID == artistID {
            // The list shown is theirs already: another of it would only be one more `b` back.
            let artist = TerminalSanitizer.excerpt(rows[index].video.artistName ?? query.artistName ?? "this artist")
            noticeSubject.send("these are \(artist)'s music videos already")
            return
        }
        actions?.showArtistVideos(artistID, rows[index].video.artistName)
    }

    public func didCancel() {
        loader.cancel()
        cancelPrefetch()
    }

    func loadFirst(_ operation: @escaping @Sendable () async throws(CatalogError) -> Loaded) async {
        cancelPrefetch()
        prefetchFailure = nil
        viewport = nil
        retry = nil
        let retry: @MainActor () async -> Void = { [weak self] in await self?.loadFirst(operation) }
        guard let loaded = await loader.load(as: .firstPage, failed: { failed($0, retry: retry) }, operation)
        else { return }
        show(loaded)
    }

    private func loadPage(_ query: MusicVideoQuery, as kind: ListLoading) async {
        let useCase = searchUseCase
        let prefetched = prefetch?.query == query ? prefetch?.task : nil
        cancelPrefetch(keeping: prefetched)
        retry = nil
        let operation = { @Sendable () async throws(CatalogError) -> Loaded in
            guard let prefetched else { return .page(try await useCase.execute(query: query)) }
            // The page already on its way: waited for, and cancelled with the wait.
            let result = await withTaskCancellationHandler {
                await prefetched.value
            } onCancel: {
                prefetched.cancel()
            }
            return .page(try result.get())
        }
        let retry: @MainActor () async -> Void = { [weak self] in await self?.loadPage(query, as: kind) }
        guard let loaded = await loader.load(as: kind, failed: { failed($0, retry: retry) }, operation) else { return }
        if case .page(let empty) = loaded, empty.videos.isEmpty, !itemsSubject.value.isEmpty {
            // Past the end (the count was a multiple of the limit): say so, and stay on this page.
            isLastPage = true
            if hasNextPageSubject.value { hasNextPageSubject.send(false) }
            noResultsSubject.send(Self.noResultsMessage(for: .search(empty.query)))
            return
        }
        show(loaded, appending: keepsLoadedPages && kind == .nextPage)
    }

    /// Remembers how to try a failed load again, and holds back background requests after a
    /// rate limit until its wait has passed.
    private func failed(_ error: CatalogError, retry: @escaping @MainActor () async -> Void) {
        self.retry = retry
        holdBack(after: error)
    }

    /// After a rate limit, or a spent request budget, nothing is asked before the wait the
    /// service (or the budget) named, or `rateLimitPause`, has passed, but by `r`.
    func holdBack(after error: CatalogError) {
        let retryAfter: TimeInterval?
        switch error {
        case .rateLimited(let wait): retryAfter = wait
        case .requestBudgetSpent(let wait, _): retryAfter = wait
        default: return
        }
        quietUntil = now() + (retryAfter.map { Duration.seconds($0) } ?? Self.rateLimitPause)
        rateLimit = error
    }

    func show(_ loaded: Loaded, appending: Bool = false) {
        (quietUntil, rateLimit) = (nil, nil)  // the service answers again
        let source: MusicVideosListSource
        let videos: [MusicVideo]
        switch loaded {
        case .page(let page):
            self.page = page
            isLastPage = false
            prefetchFailure = nil
            source = .search(page.query)
            videos = page.videos
        case .artist(let artistPage):
            page = nil
            source = .artist(Self.naming(artistPage.query, from: artistPage.items))
            videos = artistPage.items
        case .related(let related):
            page = nil
            source = .related(related.query, videoTitle: related.video?.title)
            videos = related.items
        }
        if sourceSubject.value != source { sourceSubject.send(source) }
        let newItems = Self.items(for: videos, after: appending ? itemsSubject.value : [])
        let items = appending ? itemsSubject.value + newItems : newItems
        let first = appending ? firstNumberSubject.value : (page.map { $0.query.offset + 1 } ?? 1)
        if firstNumberSubject.value != first { firstNumberSubject.send(first) }
        titleSubject.send(Self.title(for: source, rows: first..<(first + items.count)))
        itemsSubject.send(items)
        if appending, newItems.isEmpty { isLastPage = true }  // it only repeats rows shown: the last
        let hasNext = !isLastPage && (page?.hasNextPage ?? false)
        // A list that keeps its pages already shows everything before the last one.
        let hasPrevious = !keepsLoadedPages && page?.previousPageQuery != nil
        if hasNextPageSubject.value != hasNext { hasNextPageSubject.send(hasNext) }
        if hasPreviousPageSubject.value != hasPrevious { hasPreviousPageSubject.send(hasPrevious) }
        if videos.isEmpty { noResultsSubject.send(Self.noResultsMessage(for: source)) }
        // A list that shows a page at a time has the whole page on screen.
        if !keepsLoadedPages { viewport = (max(0, items.count - 1), max(1, items.count)) }
        startPrefetchIfNear()
    }
}
