import Domain
import Foundation
import Presentation
import Reactive

/// A chart a test drives: its outputs are subjects the test sends on, its inputs are recorded in
/// `calls`, in order. For testing the views and screens that depend on the protocol.
@MainActor
public final class MockTopMusicVideosViewModel: TopMusicVideosViewModel {
    /// One input received.
    public enum Call: Equatable, Sendable {
        case didLoad(ChartQuery)
        case didSelectItem(Int)
    }

    /// The inputs received, in order.
    public private(set) var calls: [Call] = []

    /// Current value: the ranked rows.
    public let itemsSubject = CurrentValueSubject<[TopMusicVideosItemViewModel], Never>([])
    /// Current value: the heading.
    public let titleSubject = CurrentValueSubject<String, Never>("Top music videos")
    /// Current value: what is loading.
    public let loadingSubject = CurrentValueSubject<ListLoading, Never>(.idle)
    /// Event: nothing found.
    public let noResultsSubject = PassthroughSubject<UserMessage, Never>()
    /// Event: a request failed.
    public let errorSubject = PassthroughSubject<CatalogError, Never>()
    public let choice: String
    /// The chart asked for last.
    public private(set) var query: ChartQuery?

    /// - Parameter choice: What opening a row does, for the keys.
    public init(choice: String = "details") {
        self.choice = choice
    }

    public var items: AnyPublisher<[TopMusicVideosItemViewModel], Never> { itemsSubject.eraseToAnyPublisher() }
    public var title: AnyPublisher<String, Never> { titleSubject.eraseToAnyPublisher() }
    public var loading: AnyPublisher<ListLoading, Never> { loadingSubject.eraseToAnyPublisher() }
    public var noResults: AnyPublisher<UserMessage, Never> { noResultsSubject.eraseToAnyPublisher() }
    public var error: AnyPublisher<CatalogError, Never> { errorSubject.eraseToAnyPublisher() }

    public func didLoad(query: ChartQuery) async {
        calls.append(.didLoad(query))
        self.query = query
    }

    public func didSelectItem(at index: Int) {
        calls.append(.didSelectItem(index))
    }
}
