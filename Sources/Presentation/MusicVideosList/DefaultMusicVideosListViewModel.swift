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
    /// The next page, already being fetched while the user reads this one.
    private var prefetch: (query: MusicVideoQuery, task: Task<Result<MusicVideoPage, CatalogError>, Never>)?

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
    ///   - prefetchesNextPage: Fetch the next page as soon as a page shows, so paging is instant.
    ///     Off for one-shot output: a request nobody asked for counts against the rate limit.
    ///   - keepsLoadedPages: The next page is added below the rows already shown (a list that
    ///     grows as the user scrolls) instead of replacing them; `items` is then every row loaded.
    public init(
        searchUseCase: any SearchMusicVideosUseCase,
        artistVideosUseCase: any FetchArtistMusicVideosUseCase,
        actions: MusicVideosListViewModelActions? = nil,
        prefetchesNextPage: Bool = false,
        keepsLoadedPages: Bool = false
    ) {
        self.searchUseCase = searchUseCase
        self.artistVideosUseCase = artistVideosUseCase
        self.actions = actions
        self.prefetchesNextPage = prefetchesNextPage
        self.keepsLoadedPages = keepsLoadedPages
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
        await loadPage(query, as: .nextPage)
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
    }

    private func loadFirst(_ operation: @escaping @Sendable () async throws(CatalogError) -> Loaded) async {
        cancelPrefetch()
        guard let loaded = await loader.load(as: .firstPage, operation) else { return }
        show(loaded)
    }

    private func loadPage(_ query: MusicVideoQuery, as kind: ListLoading) async {
        let useCase = searchUseCase
        let prefetched = prefetch?.query == query ? prefetch?.task : nil
        cancelPrefetch(keeping: prefetched)
        let operation = { @Sendable () async throws(CatalogError) -> Loaded in
            // A prefetched page that failed is asked for again: the failure may have passed.
            if case .success(let page)? = await prefetched?.value { return .page(page) }
            return .page(try await useCase.execute(query: query))
        }
        guard let loaded = await loader.load(as: kind, operation) else { return }
        if case .page(let empty) = loaded, empty.videos.isEmpty, !itemsSubject.value.isEmpty {
            // Past the end (the count was a multiple of the limit): say so, and stay on this page.
            isLastPage = true
            if hasNextPageSubject.value { hasNextPageSubject.send(false) }
            noResultsSubject.send(Self.noResultsMessage(for: .search(empty.query)))
            return
        }
        show(loaded, appending: keepsLoadedPages && kind == .nextPage)
    }

    private func startPrefetch(after page: MusicVideoPage) {
        guard prefetchesNextPage, let next = page.nextPageQuery else { return }
        let useCase = searchUseCase
        prefetch = (
            next,
            Task {
                do throws(CatalogError) {
                    return .success(try await useCase.execute(query: next))
                } catch {
                    return .failure(error)
                }
            }
        )
    }

    private func cancelPrefetch(keeping kept: Task<Result<MusicVideoPage, CatalogError>, Never>? = nil) {
        if let task = prefetch?.task, task != kept { task.cancel() }
        prefetch = nil
    }

    private func show(_ loaded: Loaded, appending: Bool = false) {
        let source: MusicVideosListSource
        let videos: [MusicVideo]
        switch loaded {
        case .page(let page):
            self.page = page
            isLastPage = false
            source = .search(page.query)
            videos = page.videos
            startPrefetch(after: page)
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
            UserMessage("no more music videos for \"\(query.term)\" after the first \(query.offset)", hint: nil)
        case .search(let query):
            UserMessage("no music videos found for \"\(query.term)\"", hint: .tryOtherWords)
        case .artist(let query):
            UserMessage("no music videos found for artist \(query.artistID)", hint: .checkIDOrCountry)
        }
    }
}
