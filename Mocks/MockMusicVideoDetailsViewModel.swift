import Domain
import Foundation
import Presentation
import Reactive

/// A details screen's view model a test drives: its outputs are subjects the test sends on, its
/// inputs are recorded in `calls`, in order. For testing the views and screens that depend on
/// the protocol.
@MainActor
public final class MockMusicVideoDetailsViewModel: MusicVideoDetailsViewModel {
    /// One input received.
    public enum Call: Equatable, Sendable {
        case didLoad(MusicVideoLookupQuery)
        case didOpenInBrowser
        case didShowArtistVideos
        case didShowRelatedVideos
        case didPlayPreview
        case didCancel
    }

    /// The inputs received, in order.
    public private(set) var calls: [Call] = []

    /// Current value: the video, `nil` until known.
    public let videoSubject = CurrentValueSubject<MusicVideo?, Never>(nil)
    /// Current value: the fields, formatted.
    public let rowsSubject = CurrentValueSubject<[MusicVideoDetailRow], Never>([])
    /// Current value: whether a request runs.
    public let isLoadingSubject = CurrentValueSubject<Bool, Never>(false)
    /// Event: no video has this id.
    public let notFoundSubject = PassthroughSubject<MusicVideo.ID, Never>()
    /// Event: a request failed.
    public let errorSubject = PassthroughSubject<CatalogError, Never>()
    /// Event: an action cannot be done for this video.
    public let noticeSubject = PassthroughSubject<String, Never>()

    public init() {}

    public var video: AnyPublisher<MusicVideo?, Never> { videoSubject.eraseToAnyPublisher() }
    public var rows: AnyPublisher<[MusicVideoDetailRow], Never> { rowsSubject.eraseToAnyPublisher() }
    public var isLoading: AnyPublisher<Bool, Never> { isLoadingSubject.eraseToAnyPublisher() }
    public var notFound: AnyPublisher<MusicVideo.ID, Never> { notFoundSubject.eraseToAnyPublisher() }
    public var error: AnyPublisher<CatalogError, Never> { errorSubject.eraseToAnyPublisher() }
    public var notice: AnyPublisher<String, Never> { noticeSubject.eraseToAnyPublisher() }

    public func didLoad(query: MusicVideoLookupQuery) async {
        calls.append(.didLoad(query))
    }

    public func didOpenInBrowser() {
        calls.append(.didOpenInBrowser)
    }

    public func didShowArtistVideos() {
        calls.append(.didShowArtistVideos)
    }

    public func didShowRelatedVideos() {
        calls.append(.didShowRelatedVideos)
    }

    public func didPlayPreview() {
        calls.append(.didPlayPreview)
    }

    public func didCancel() {
        calls.append(.didCancel)
    }
}
