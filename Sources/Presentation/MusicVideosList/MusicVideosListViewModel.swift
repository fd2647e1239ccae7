import Domain
import Foundation

/// What the list is doing.
public enum MusicVideosListLoading: Equatable, Sendable {
    case idle
    /// Loading the first page of a new list.
    case firstPage
    /// Loading the page after, or before, the one shown.
    case nextPage
    case previousPage
}

/// What a list shows: a search's results, or an artist's videos.
public enum MusicVideosListSource: Equatable, Sendable {
    case search(MusicVideoQuery)
    case artist(ArtistMusicVideosQuery)
}

/// Navigation out of the list; the coordinator fills these in.
public struct MusicVideosListViewModelActions {
    public let showMusicVideoDetails: @MainActor (MusicVideo) -> Void

    public init(showMusicVideoDetails: @escaping @MainActor (MusicVideo) -> Void) {
        self.showMusicVideoDetails = showMusicVideoDetails
    }
}

/// Events the list reacts to.
@MainActor
public protocol MusicVideosListViewModelInput {
    /// A new search: replaces what is shown. Returns when the search has finished.
    func didSearch(query: MusicVideoQuery) async
    /// An artist's videos: replaces what is shown. Returns when they have loaded.
    func didShowArtistVideos(query: ArtistMusicVideosQuery) async
    /// Shows the next page instead of this one, if there is one and nothing is loading.
    func didLoadNextPage() async
    /// Shows the page before this one, if there is one and nothing is loading.
    func didLoadPreviousPage() async
    /// Opens the item at `index` of the page shown; an index outside it is ignored.
    func didSelectItem(at index: Int)
    /// Cancels the request in flight; nothing is emitted for it. Cancelling the task that awaits
    /// an input does the same.
    func didCancel()
}

/// What the list shows.
@MainActor
public protocol MusicVideosListViewModelOutput {
    /// The rows of the page shown, in the service's order.
    var items: AnyPublisher<[MusicVideosListItemViewModel], Never> { get }
    /// Current value: whether and what is loading.
    var loading: AnyPublisher<MusicVideosListLoading, Never> { get }
    /// Current value: what the rows shown are (a normalised query), `nil` before the first load.
    var source: AnyPublisher<MusicVideosListSource?, Never> { get }
    /// Current value: whether a next page can be loaded.
    var hasNextPage: AnyPublisher<Bool, Never> { get }
    /// Current value: whether a previous page can be loaded.
    var hasPreviousPage: AnyPublisher<Bool, Never> { get }
    /// Event: a load finished and found nothing. For the page after the one shown, the rows
    /// stay and `hasNextPage` turns false: that page was the last.
    var noResults: AnyPublisher<MusicVideosListSource, Never> { get }
    /// Event: a load failed.
    var error: AnyPublisher<CatalogError, Never> { get }
}

/// A music-video list: inputs and outputs.
public typealias MusicVideosListViewModel = MusicVideosListViewModelInput & MusicVideosListViewModelOutput
