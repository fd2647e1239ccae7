import Domain
import Foundation
import Reactive
import TerminalUI

/// Loads search results or an artist's videos through the use cases and publishes the page shown.
@MainActor
public final class DefaultMusicVideosListViewModel: MusicVideosListViewModel {
    private let searchUseCase: any SearchMusicVideosUseCase
    private let artistVideosUseCase: any FetchArtistMusicVideosUseCase
    private let actions: MusicVideosListViewModelActions?
    private let prefetchesNextPage: Bool
    private let keepsLoadedPages: Bool

    private let itemsSubject = CurrentValueSubject<[MusicVideosListItemViewModel], Never>([])
    private let sourceSubject = CurrentValueSubject<MusicVideosListSource?, Never>(nil)
    private let titleSubject = CurrentValueSubject<String, Never>("Music videos")
    private let firstNumberSubject = CurrentValueSubject<Int, Never>(1)
    private let hasNextPageSubject = CurrentValueSubject<Bool, Never>(false)
    private let hasPreviousPageSubject = CurrentValueSubject<Bool, Never>(false)
    private let noResultsSubject = PassthroughSubject<UserMessage, Never>()
    private let noticeSubject = PassthroughSubject<String, Never>()

    /// The search page shown, for paging; `nil` for artist lists.
    private var page: MusicVideoPage?
    /// The page after the one shown came back empty: it is the last.
    private var isLastPage = false
    private let loader = ListLoader<Loaded>()
    /// The next page, fetched in the background while the user reads this one (at most one).
    private var prefetch: Prefetch?
    private var prefetchCount = 0
    /// The next page's background fetch failed: said only when the user reaches the end.
    private var prefetchFailure: (query: MusicVideoQuery, error: CatalogError)?
    /// The service asked to wait (rate limited): nothing is fetched in the background before then,
    /// and reaching the end again says the refusal again instead of asking (`r` still asks).
    private var quietUntil: ContinuousClock.Instant?
    /// The refusal that set `quietUntil`.
    private var rateLimit: CatalogError?
    /// Where the user's view is: a row loaded, and how many rows a screen holds.
    private var viewport: (row: Int, rowsOnScreen: Int)?
    /// What `didRetry` does: the load that failed last.
    private var retry: (@MainActor () async -> Void)?
    private let now: @Sendable () -> ContinuousClock.Instant

    private struct Prefetch {
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

    private enum Loaded {
        case page(MusicVideoPage)
        case artist(ArtistMusicVideosPage)
    }

    /// - Parameters:
    ///   - searchUseCase: Performs searches.
    ///   - artistVideosUseCase: Fetches an artist's videos.
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
        actions: MusicVideosListViewModelActions? = nil,
        prefetchesNextPage: Bool = false,
        keepsLoadedPages: Bool = false,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.searchUseCase = searchUseCase
        self.artistVideosUseCase = artistVideosUseCase
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
        actions?.showArtistVideos(artistID, rows[index].video.artistName)
    }

    public func didCancel() {
        loader.cancel()
        cancelPrefetch()
    }

    private func loadFirst(_ operation: @escaping @Sendable () async throws(CatalogError) -> Loaded) async {
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
    private func holdBack(after error: CatalogError) {
        let retryAfter: TimeInterval?
        switch error {
        case .rateLimited(let wait): retryAfter = wait
        case .requestBudgetSpent(let wait, _): retryAfter = wait
        default: return
        }
        quietUntil = now() + (retryAfter.map { Duration.seconds($0) } ?? Self.rateLimitPause)
        rateLimit = error
    }

    /// Fetches the next page in the background when the user's view is within one screen of the
    /// last row loaded: one fetch at a time, none while a page loads, none after one failed (until
    /// the user reaches the end), none while the service asks to wait.
    private func startPrefetchIfNear() {
        guard prefetchesNextPage, prefetch == nil, prefetchFailure == nil, loader.isIdle, !isLastPage,
            let next = page?.nextPageQuery, let viewport,
            viewport.row >= itemsSubject.value.count - viewport.rowsOnScreen
        else { return }
        if let quietUntil, now() < quietUntil { return }
        let useCase = searchUseCase
        prefetchCount += 1
        let number = prefetchCount
        let task = Task { [weak self] () -> Result<MusicVideoPage, CatalogError> in
            let result: Result<MusicVideoPage, CatalogError>
            do throws(CatalogError) {
                result = .success(try await useCase.execute(query: next))
            } catch {
                result = .failure(error)
            }
            self?.prefetched(number, result)
            return result
        }
        prefetch = Prefetch(number: number, query: next, task: task)
    }

    /// A background fetch ended: a list that keeps its pages adds the rows at once; one that
    /// shows a page at a time keeps them for `didLoadNextPage`. A failure is kept, unsaid.
    private func prefetched(_ number: Int, _ result: Result<MusicVideoPage, CatalogError>) {
        guard let current = prefetch, current.number == number else { return }  // taken by a load, or cancelled
        switch result {
        case .failure(.cancelled):
            prefetch = nil
        case .failure(let error):
            prefetch = nil
            prefetchFailure = (current.query, error)
            holdBack(after: error)
        case .success(let next) where keepsLoadedPages:
            prefetch = nil
            if next.videos.isEmpty {
                isLastPage = true
                if hasNextPageSubject.value { hasNextPageSubject.send(false) }
            } else {
                show(.page(next), appending: true)
            }
        case .success:
            break
        }
    }

    private func cancelPrefetch(keeping kept: Task<Result<MusicVideoPage, CatalogError>, Never>? = nil) {
        if let task = prefetch?.task, task != kept { task.cancel() }
        prefetch = nil
    }

    private func show(_ loaded: Loaded, appending: Bool = false) {
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
            source = .artist(artistPage.query)
            videos = artistPage.items
        }
        if sourceSubject.value != source { sourceSubject.send(source) }
        let newItems = MusicVideosListItemViewModel.items(for: videos)
        let items = appending ? itemsSubject.value + newItems : newItems
        let first = appending ? firstNumberSubject.value : (page.map { $0.query.offset + 1 } ?? 1)
        if firstNumberSubject.value != first { firstNumberSubject.send(first) }
        titleSubject.send(Self.title(for: source, rows: first..<(first + items.count)))
        itemsSubject.send(items)
        let hasNext = page?.hasNextPage ?? false
        // A list that keeps its pages already shows everything before the last one.
        let hasPrevious = !keepsLoadedPages && page?.previousPageQuery != nil
        if hasNextPageSubject.value != hasNext { hasNextPageSubject.send(hasNext) }
        if hasPreviousPageSubject.value != hasPrevious { hasPreviousPageSubject.send(hasPrevious) }
        if videos.isEmpty { noResultsSubject.send(Self.noResultsMessage(for: source)) }
        // A list that shows a page at a time has the whole page on screen.
        if !keepsLoadedPages { viewport = (max(0, items.count - 1), max(1, items.count)) }
        startPrefetchIfNear()
    }

    /// `Music videos for "adele", 1–25`, or `Music videos by Adele`.
    private static func title(for source: MusicVideosListSource, rows: Range<Int>) -> String {
        switch source {
        case .search(let query):
            "Music videos for \"\(TerminalSanitizer.sanitize(query.term))\", \(rows.lowerBound)–\(rows.upperBound - 1)"
        case .artist(let query):
            "Music videos by " + (query.artistName.map(TerminalSanitizer.sanitize) ?? "artist \(query.artistID)")
        }
    }

    static func noResultsMessage(for source: MusicVideosListSource) -> UserMessage {
        switch source {
        case .search(let query) where query.offset > 0:
            UserMessage(
                "no more music videos for \"\(query.term)\" after the first \(query.offset)", hint: .allResultsShown)
        case .search(let query):
            UserMessage("no music videos found for \"\(query.term)\"", hint: .tryOtherWords)
        case .artist(let query):
            UserMessage("no music videos found for artist \(query.artistID)", hint: .checkIDOrCountry)
        }
    }
}
