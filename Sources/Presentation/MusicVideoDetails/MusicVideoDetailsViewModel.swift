import Domain
import Foundation
import Reactive

/// One labelled line of the details screen, formatted and sanitised.
public struct MusicVideoDetailRow: Equatable, Sendable {
    public let label: String
    public let value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// Navigation and effects out of the details screen; the coordinator fills these in.
public struct MusicVideoDetailsViewModelActions {
    /// Opens a web page in the user's browser (only http(s) URLs are passed).
    public let openInBrowser: @MainActor (URL) -> Void
    /// Shows the artist's music videos.
    public let showArtistVideos: @MainActor (_ artistID: Int, _ artistName: String?) -> Void
    /// Plays the video's preview clip in the user's player.
    public let playPreview: @MainActor (MusicVideo) -> Void
    /// Shows the music videos like this one ("more like this").
    public let showRelatedVideos: @MainActor (MusicVideo) -> Void

    public init(
        openInBrowser: @escaping @MainActor (URL) -> Void,
        showArtistVideos: @escaping @MainActor (_ artistID: Int, _ artistName: String?) -> Void,
        playPreview: @escaping @MainActor (MusicVideo) -> Void = { _ in },
        showRelatedVideos: @escaping @MainActor (MusicVideo) -> Void = { _ in }
    ) {
        self.openInBrowser = openInBrowser
        self.showArtistVideos = showArtistVideos
        self.playPreview = playPreview
        self.showRelatedVideos = showRelatedVideos
    }
}

/// Events the details screen reacts to.
@MainActor
public protocol MusicVideoDetailsViewModelInput {
    /// Fetches the video by id (when it was not given at creation). Returns when done.
    func didLoad(query: MusicVideoLookupQuery) async
    /// Fetches the video by id; when the lookup fails or finds nothing, shows `known` (what a
    /// list's row already says of it) with the failure. Returns when done.
    func didLoad(query: MusicVideoLookupQuery, known: MusicVideo?) async
    /// Opens the video's store page.
    func didOpenInBrowser()
    /// Shows the artist's other music videos.
    func didShowArtistVideos()
    /// Shows the music videos like this one.
    func didShowRelatedVideos()
    /// Plays the video's preview clip.
    func didPlayPreview()
    /// Cancels the request in flight.
    func didCancel()
}

/// What the details screen shows.
@MainActor
public protocol MusicVideoDetailsViewModelOutput {
    /// Current value: the video, `nil` until known.
    var video: AnyPublisher<MusicVideo?, Never> { get }
    /// Current value: every field, formatted.
    var rows: AnyPublisher<[MusicVideoDetailRow], Never> { get }
    /// Current value: whether a request runs.
    var isLoading: AnyPublisher<Bool, Never> { get }
    /// Event: the store has no music video with this id.
    var notFound: AnyPublisher<MusicVideo.ID, Never> { get }
    /// Event: a request failed.
    var error: AnyPublisher<CatalogError, Never> { get }
    /// Event: an action cannot be done for this video (no page to open, no artist id).
    var notice: AnyPublisher<String, Never> { get }
}

public typealias MusicVideoDetailsViewModel = MusicVideoDetailsViewModelInput & MusicVideoDetailsViewModelOutput

extension MusicVideoDetailsViewModelInput {
    /// A view model that keeps nothing from a list's row looks the video up alone.
    public func didLoad(query: MusicVideoLookupQuery, known: MusicVideo?) async {
        await didLoad(query: query)
    }
}
