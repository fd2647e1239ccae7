import Foundation
import Presentation
import Reactive

/// A search screen's view model a test drives: its outputs are subjects the test sends on, its
/// inputs are recorded in `calls`, in order. For testing the views and screens that depend on
/// the protocol.
@MainActor
public final class MockMusicVideosSearchViewModel: MusicVideosSearchViewModel {
    /// One input received.
    public enum Call: Equatable, Sendable {
        case didLoad
        case didSubmit(String)
        case didSelectRecentSearch(Int)
    }

    /// The inputs received, in order.
    public private(set) var calls: [Call] = []

    /// Current value: the recent terms, newest first.
    public let recentSearchesSubject = CurrentValueSubject<[String], Never>([])
    /// Event: the input was not a term.
    public let noticeSubject = PassthroughSubject<String, Never>()

    public init() {}

    public var recentSearches: AnyPublisher<[String], Never> { recentSearchesSubject.eraseToAnyPublisher() }
    public var notice: AnyPublisher<String, Never> { noticeSubject.eraseToAnyPublisher() }

    public func didLoad() async {
        calls.append(.didLoad)
    }

    public func didSubmit(term: String) {
        calls.append(.didSubmit(term))
    }

    public func didSelectRecentSearch(at index: Int) {
        calls.append(.didSelectRecentSearch(index))
    }
}
