import Domain
import Foundation
import Reactive

/// Events the recent-searches list reacts to.
@MainActor
public protocol RecentSearchesViewModelInput {
    /// Loads the terms. Returns when done.
    func didLoad() async
    /// Forgets every term; the list becomes empty. Returns when done.
    /// - Throws: `RecentSearchesError` when they could not be forgotten; the list is unchanged.
    func didClear() async throws(RecentSearchesError)
}

/// What the recent-searches list shows.
@MainActor
public protocol RecentSearchesViewModelOutput {
    /// Current value: the terms as stored, newest first; `nil` until loaded.
    var terms: AnyPublisher<[String]?, Never> { get }
}

public typealias RecentSearchesViewModel = RecentSearchesViewModelInput & RecentSearchesViewModelOutput

/// The recent searches, through their use cases.
@MainActor
public final class DefaultRecentSearchesViewModel: RecentSearchesViewModel {
    private let fetchUseCase: any FetchRecentSearchesUseCase
    private let clearUseCase: any ClearRecentSearchesUseCase
    private let termsSubject = CurrentValueSubject<[String]?, Never>(nil)

    public let terms: AnyPublisher<[String]?, Never>

    public init(fetchUseCase: any FetchRecentSearchesUseCase, clearUseCase: any ClearRecentSearchesUseCase) {
        self.fetchUseCase = fetchUseCase
        self.clearUseCase = clearUseCase
        terms = termsSubject.eraseToAnyPublisher()
    }

    public func didLoad() async {
        termsSubject.send(await fetchUseCase.execute())
    }

    public func didClear() async throws(RecentSearchesError) {
        try await clearUseCase.execute()
        termsSubject.send([])
    }
}
