import Domain
import Foundation
import Presentation
import Reactive

/// A paged music-video list a test drives: its outputs are subjects the test sends on, its
/// inputs are recorded in `calls`, in order. For testing the views and screens that depend on
/// the protocol.
@MainActor
public final class MockMusicVideosListViewModel: MusicVideosListViewModel {
    /// One input received.
    public enum Call: Equatable, Sendable {
        case didSearch(MusicVideoQuery)
        case didShowArtistVideos(ArtistMusicVideosQuery)
        case didOpenItemInBrowser(Int)
        case didShowArtistVideosOfItem(Int)
        case didShowRelatedVideos(RelatedMusicVideosQuery)
        case didShowRelatedVideosOfItem(Int)
        case didCancel
        case didSelectItem(Int)
        case didLoadNextPage
        case didLoadPreviousPage
        case didView(row: Int, rowsOnScreen: Int)
        case didRetry
    }

    /// The inputs received, in order.
    public private(set) var calls: [Call] = []

    /// Current value: the rows of the page shown.
    public let itemsSubject = CurrentValueSubject<[MusicVideosListItemViewModel], Never>([])
    /// Current value: the heading.
    public let titleSubject = CurrentValueSubject<String, Never>("Music videos")
    /// Current value: what is loading.
    public let loadingSubject = CurrentValueSubject<ListLoading, Never>(.idle)
    /// Event: nothing (more) found.
    public let noResultsSubject = PassthroughSubject<UserMessage, Never>()
    /// Event: a request failed.
    public let errorSubject = PassthroughSubject<CatalogError, Never>()
    /// Current value: the number of the first row shown.
    public let firstNumberSubject = CurrentValueSubject<Int, Never>(1)
    /// Current value: whether `n` has a page to go to.
    public let hasNextPageSubject = CurrentValueSubject<Bool, Never>(false)
    /// Current value: whether `p` has a page to go to.
    public let hasPreviousPageSubject = CurrentValueSubject<Bool, Never>(false)
    /// Current value: what the rows are.
    public let sourceSubject = CurrentValueSubject<MusicVideosListSource?, Never>(nil)
    /// Event: an action cannot be done for an item.
    public let noticeSubject = PassthroughSubject<String, Never>()
    public let choice: String

    /// - Parameter choice: What opening a row does, for the keys.
    public init(choice: String = "details") {
        self.choice = choice
    }

    public var items: AnyPublisher<[MusicVideosListItemViewModel], Never> { itemsSubject.eraseToAnyPublisher() }
    public var title: AnyPublisher<String, Never> { titleSubject.eraseToAnyPublisher() }
    public var loading: AnyPublisher<ListLoading, Never> { loadingSubject.eraseToAnyPublisher() }
    public var noResults: AnyPublisher<UserMessage, Never> { noResultsSubject.eraseToAnyPublisher() }
    public var error: AnyPublisher<CatalogError, Never> { errorSubject.eraseToAnyPublisher() }
    public var firstNumber: AnyPublisher<Int, Never> { firstNumberSubject.eraseToAnyPublisher() }
    public var hasNextPage: AnyPublisher<Bool, Never> { hasNextPageSubject.eraseToAnyPublisher() }
    public var hasPreviousPage: AnyPublisher<Bool, Never> { hasPreviousPageSubject.eraseToAnyPublisher() }
    public var source: AnyPublisher<MusicVideosListSource?, Never> { sourceSubject.eraseToAnyPublisher() }
    public var notice: AnyPublisher<String, Never> { noticeSubject.eraseToAnyPublisher() }

    public func didSearch(query: MusicVideoQuery) async {
        calls.append(.didSearch(query))
    }

    public func didShowArtistVideos(query: ArtistMusicVideosQuery) async {
        calls.append(.didShowArtistVideos(query))
    }

    public func didShowRelatedVideos(query: RelatedMusicVideosQuery) async {
        calls.append(.didShowRelatedVideos(query))
    }

    public func didShowRelatedVideos(ofItemAt index: Int) {
        calls.append(.didShowRelatedVideosOfItem(index))
    }

    public func didOpenItemInBrowser(at index: Int) {
        calls.append(.didOpenItemInBrowser(index))
    }

    public func didShowArtistVideos(ofItemAt index: Int) {
        calls.append(.didShowArtistVideosOfItem(index))
    }

    public func didCancel() {
        calls.append(.didCancel)
    }

    public func didSelectItem(at index: Int) {
        calls.append(.didSelectItem(index))
    }

    public func didLoadNextPage() async {
        calls.append(.didLoadNextPage)
    }

    public func didLoadPreviousPage() async {
        calls.append(.didLoadPreviousPage)
    }

    public func didView(rowAt index: Int, rowsOnScreen: Int) {
        calls.append(.didView(row: index, rowsOnScreen: rowsOnScreen))
    }

    public func didRetry() async {
        calls.append(.didRetry)
    }
}
