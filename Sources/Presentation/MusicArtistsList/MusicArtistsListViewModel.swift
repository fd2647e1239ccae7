import Domain
import Foundation

/// Navigation out of the artist list; the coordinator fills it in.
public struct MusicArtistsListViewModelActions {
    public let showArtistVideos: @MainActor (MusicArtist) -> Void

    public init(showArtistVideos: @escaping @MainActor (MusicArtist) -> Void) {
        self.showArtistVideos = showArtistVideos
    }
}

/// Events the artist list reacts to.
@MainActor
public protocol MusicArtistsListViewModelInput {
    /// A new search: replaces what is shown. Returns when it has finished.
    func didSearch(query: MusicArtistQuery) async
    /// Opens the artist at `index` (their music videos); an index outside the list is ignored.
    func didSelectItem(at index: Int)
    /// Cancels the request in flight; nothing is emitted for it.
    func didCancel()
}

/// What the artist list shows; `loading`, `noResults` and `error` come from `ListStatusOutput`.
@MainActor
public protocol MusicArtistsListViewModelOutput: ListStatusOutput {
    /// The artists found, in the service's order.
    var items: AnyPublisher<[MusicArtistsListItemViewModel], Never> { get }
    /// Current value: the normalised query the rows answer, `nil` before the first search.
    var query: AnyPublisher<MusicArtistQuery?, Never> { get }
}

public typealias MusicArtistsListViewModel = MusicArtistsListViewModelInput & MusicArtistsListViewModelOutput

/// Searches artists through the use case and publishes the rows.
@MainActor
public final class DefaultMusicArtistsListViewModel: MusicArtistsListViewModel {
    private let searchUseCase: any SearchMusicArtistsUseCase
    private let actions: MusicArtistsListViewModelActions?
    private let loader = ListLoader<MusicArtistsPage>()
    private let itemsSubject = CurrentValueSubject<[MusicArtistsListItemViewModel], Never>([])
    private let querySubject = CurrentValueSubject<MusicArtistQuery?, Never>(nil)
    private let noResultsSubject = PassthroughSubject<UserMessage, Never>()

    public let items: AnyPublisher<[MusicArtistsListItemViewModel], Never>
    public let query: AnyPublisher<MusicArtistQuery?, Never>
    public let loading: AnyPublisher<ListLoading, Never>
    public let noResults: AnyPublisher<UserMessage, Never>
    public let error: AnyPublisher<CatalogError, Never>

    /// - Parameters:
    ///   - searchUseCase: Searches artists.
    ///   - actions: Navigation; `nil` where the list leads nowhere (one-shot output).
    public init(searchUseCase: any SearchMusicArtistsUseCase, actions: MusicArtistsListViewModelActions? = nil) {
        self.searchUseCase = searchUseCase
        self.actions = actions
        items = itemsSubject.eraseToAnyPublisher()
        query = querySubject.eraseToAnyPublisher()
        loading = loader.loading
        noResults = noResultsSubject.eraseToAnyPublisher()
        error = loader.error
    }

    public func didSearch(query: MusicArtistQuery) async {
        let useCase = searchUseCase
        let search = { @Sendable () async throws(CatalogError) in try await useCase.execute(query: query) }
        guard let page = await loader.load(as: .firstPage, search) else { return }
        querySubject.send(page.query)
        itemsSubject.send(page.artists.map(MusicArtistsListItemViewModel.init(artist:)))
        if page.artists.isEmpty {
            noResultsSubject.send(UserMessage("no artists found for \"\(page.query.term)\"", hint: .tryOtherWords))
        }
    }

    public func didSelectItem(at index: Int) {
        let rows = itemsSubject.value
        guard rows.indices.contains(index) else { return }
        actions?.showArtistVideos(rows[index].artist)
    }

    public func didCancel() {
        loader.cancel()
    }
}
