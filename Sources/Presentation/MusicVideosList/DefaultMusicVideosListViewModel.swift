import Domain
import Foundation

/// Runs searches through the use case and publishes what the list shows.
@MainActor
public final class DefaultMusicVideosListViewModel: MusicVideosListViewModel {
    private let searchUseCase: any SearchMusicVideosUseCase
    private let actions: MusicVideosListViewModelActions?

    private let itemsSubject = CurrentValueSubject<[MusicVideosListItemViewModel], Never>([])
    private let loadingSubject = CurrentValueSubject<MusicVideosListLoading, Never>(.idle)
    private let querySubject = CurrentValueSubject<MusicVideoQuery?, Never>(nil)
    private let hasNextPageSubject = CurrentValueSubject<Bool, Never>(false)
    private let noResultsSubject = PassthroughSubject<MusicVideoQuery, Never>()
    private let errorSubject = PassthroughSubject<MusicVideoError, Never>()

    private var lastPage: MusicVideoPage?
    private var loadTask: Task<Result<MusicVideoPage, MusicVideoError>, Never>?

    public let items: AnyPublisher<[MusicVideosListItemViewModel], Never>
    public let loading: AnyPublisher<MusicVideosListLoading, Never>
    public let query: AnyPublisher<MusicVideoQuery?, Never>
    public let hasNextPage: AnyPublisher<Bool, Never>
    public let noResults: AnyPublisher<MusicVideoQuery, Never>
    public let error: AnyPublisher<MusicVideoError, Never>

    /// - Parameters:
    ///   - searchUseCase: Performs the searches.
    ///   - actions: Navigation; `nil` where the list leads nowhere (one-shot output).
    public init(searchUseCase: any SearchMusicVideosUseCase, actions: MusicVideosListViewModelActions? = nil) {
        self.searchUseCase = searchUseCase
        self.actions = actions
        items = itemsSubject.eraseToAnyPublisher()
        loading = loadingSubject.eraseToAnyPublisher()
        query = querySubject.eraseToAnyPublisher()
        hasNextPage = hasNextPageSubject.eraseToAnyPublisher()
        noResults = noResultsSubject.eraseToAnyPublisher()
        error = errorSubject.eraseToAnyPublisher()
    }

    public func didSearch(query: MusicVideoQuery) async {
        didCancel()
        lastPage = nil
        if !itemsSubject.value.isEmpty { itemsSubject.send([]) }
        if hasNextPageSubject.value { hasNextPageSubject.send(false) }
        guard let page = await load(query, as: .firstPage) else { return }
        show(page, appending: false)
        if page.videos.isEmpty { noResultsSubject.send(page.query) }
    }

    public func didLoadNextPage() async {
        guard loadingSubject.value == .idle, let nextQuery = lastPage?.nextPageQuery else { return }
        guard let page = await load(nextQuery, as: .nextPage) else { return }
        show(page, appending: true)
    }

    public func didSelectItem(at index: Int) {
        let rows = itemsSubject.value
        guard rows.indices.contains(index) else { return }
        actions?.showMusicVideoDetails(rows[index].video)
    }

    public func didCancel() {
        loadTask?.cancel()
        loadTask = nil
    }

    /// Runs one request; returns `nil` when it failed (after publishing the error) or was cancelled.
    private func load(_ query: MusicVideoQuery, as kind: MusicVideosListLoading) async -> MusicVideoPage? {
        let useCase = searchUseCase
        let task = Task { () -> Result<MusicVideoPage, MusicVideoError> in
            do throws(MusicVideoError) {
                return .success(try await useCase.execute(query: query))
            } catch {
                return .failure(error)
            }
        }
        loadTask = task
        loadingSubject.send(kind)
        // The caller being cancelled (Ctrl-C) cancels the request, as `didCancel()` does.
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        let wasCancelled = task.isCancelled
        if loadTask == task { loadTask = nil }
        loadingSubject.send(.idle)
        switch result {
        case .success(let page) where !wasCancelled:
            return page
        case .failure(let error) where !wasCancelled && error != .cancelled:
            errorSubject.send(error)
            return nil
        default:
            return nil
        }
    }

    private func show(_ page: MusicVideoPage, appending: Bool) {
        lastPage = page
        if querySubject.value != page.query && !appending { querySubject.send(page.query) }
        var rows = appending ? itemsSubject.value : []
        var shown = Set(rows.map(\.video.id))
        for video in page.videos where shown.insert(video.id).inserted {
            rows.append(MusicVideosListItemViewModel(video: video))
        }
        itemsSubject.send(rows)
        if hasNextPageSubject.value != page.hasNextPage { hasNextPageSubject.send(page.hasNextPage) }
    }
}
