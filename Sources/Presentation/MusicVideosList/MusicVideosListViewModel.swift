import Domain
import Foundation
import Reactive

/// What a list shows: a search's results, or an artist's videos.
public enum MusicVideosListSource: Equatable, Sendable {
    case search(MusicVideoQuery)
    case artist(ArtistMusicVideosQuery)
    /// "More like this": the videos like one video, whose title (once it was found) names the list.
    case related(RelatedMusicVideosQuery, videoTitle: String?)
}

/// Navigation out of the list; the coordinator fills these in.
public struct MusicVideosListViewModelActions {
    public let showMusicVideoDetails: @MainActor (MusicVideo) -> Void
    /// Opens a web page in the user's browser (only http(s) URLs are passed).
    public let openInBrowser: @MainActor (URL) -> Void
    /// Shows an artist's music videos.
    public let showArtistVideos: @MainActor (_ artistID: Int, _ artistName: String?) -> Void
    /// Shows the music videos like one video ("more like this").
    public let showRelatedVideos: @MainActor (MusicVideo) -> Void

    public init(
        showMusicVideoDetails: @escaping @MainActor (MusicVideo) -> Void,
        openInBrowser: @escaping @MainActor (URL) -> Void = { _ in },
        showArtistVideos: @escaping @MainActor (_ artistID: Int, _ artistName: String?) -> Void = { _, _ in },
        showRelatedVideos: @escaping @MainActor (MusicVideo) -> Void = { _ in }
    ) {
        self.showMusicVideoDetails = showMusicVideoDetails
        self.openInBrowser = openInBrowser
        self.showArtistVideos = showArtistVideos
        self.showRelatedVideos = showRelatedVideos
    }
}

/// Events the list reacts to; choosing a row and paging come from `NumberedListInput` and
/// `PagedListInput`.
@MainActor
public protocol MusicVideosListViewModelInput: NumberedListInput, PagedListInput {
    /// A new search: replaces what is shown. Returns when the search has finished.
    func didSearch(query: MusicVideoQuery) async
    /// An artist's videos: replaces what is shown. Returns when they have loaded.
    func didShowArtistVideos(query: ArtistMusicVideosQuery) async
    /// The videos like one video ("more like this"): replaces what is shown. Returns when they
    /// have loaded.
    func didShowRelatedVideos(query: RelatedMusicVideosQuery) async
    /// Opens the web page of the item at `index`; without one, a notice says so.
    func didOpenItemInBrowser(at index: Int)
    /// Shows the music videos of the artist of the item at `index`; without one, a notice says so.
    func didShowArtistVideos(ofItemAt index: Int)
    /// Shows the music videos like the item at `index`.
    func didShowRelatedVideos(ofItemAt index: Int)
    /// Cancels the request in flight; nothing is emitted for it. Cancelling the task that awaits
    /// an input does the same.
    func didCancel()
}

/// What the list shows: `loading`, `noResults` and `error` from `ListStatusOutput`; `items` (the
/// rows of the page shown), `title` and `choice` from `NumberedListOutput`; `firstNumber`,
/// `hasNextPage` and `hasPreviousPage` from `PagedListOutput`. After the page after the one
/// shown comes back empty, the rows stay, `noResults` says there are no more, and `hasNextPage`
/// turns false: that page was the last.
@MainActor
public protocol MusicVideosListViewModelOutput: NumberedListOutput, PagedListOutput
where Row == MusicVideosListItemViewModel {
    /// Current value: what the rows shown are (a normalised query), `nil` before the first load.
    var source: AnyPublisher<MusicVideosListSource?, Never> { get }
    /// Event: an action cannot be done for an item (no page to open, no artist id).
    var notice: AnyPublisher<String, Never> { get }
}

/// A music-video list: inputs and outputs.
public typealias MusicVideosListViewModel = MusicVideosListViewModelInput & MusicVideosListViewModelOutput
