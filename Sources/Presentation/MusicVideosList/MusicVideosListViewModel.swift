import Domain
import Foundation

/// What the list is doing.
public enum MusicVideosListLoading: Equatable, Sendable {
    case idle
    /// Loading the first page of a new search.
    case firstPage
    /// Loading the page after the ones shown.
    case nextPage
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
    /// Appends the next page, if there is one and nothing is loading.
    func didLoadNextPage() async
    /// Opens the item at `index`; an index outside the list is ignored.
    func didSelectItem(at index: Int)
    /// Cancels the request in flight; nothing is emitted for it. Cancelling the task that awaits
    /// `didSearch` or `didLoadNextPage` does the same.
    func didCancel()
}

/// What the list shows.
@MainActor
public protocol MusicVideosListViewModelOutput {
    /// The rows, in the service's order. Current value: the rows shown now.
    var items: AnyPublisher<[MusicVideosListItemViewModel], Never> { get }
    /// Current value: whether and what is loading.
    var loading: AnyPublisher<MusicVideosListLoading, Never> { get }
    /// Current value: the (normalised) query of the rows shown, `nil` before the first search.
    var query: AnyPublisher<MusicVideoQuery?, Never> { get }
    /// Current value: whether another page can be loaded.
    var hasNextPage: AnyPublisher<Bool, Never> { get }
    /// Event: a search finished and found nothing.
    var noResults: AnyPublisher<MusicVideoQuery, Never> { get }
    /// Event: a search or page load failed.
    var error: AnyPublisher<MusicVideoError, Never> { get }
}

/// A music-video list: inputs and outputs.
public typealias MusicVideosListViewModel = MusicVideosListViewModelInput & MusicVideosListViewModelOutput
