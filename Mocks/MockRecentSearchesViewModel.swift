import Domain
import Foundation
import Presentation
import Reactive

/// A recent-searches list a test drives: `terms` is a subject the test sends on, the inputs are
/// recorded in `calls`, in order. `didClear` empties the terms, or throws `clearFailure` when set.
@MainActor
public final class MockRecentSearchesViewModel: RecentSearchesViewModel {
    /// One input received.
    public enum Call: Equatable, Sendable {
        case didLoad
        case didClear
    }

    /// The inputs received, in order.
    public private(set) var calls: [Call] = []

    /// Current value: the terms, `nil` until loaded.
    public let termsSubject = CurrentValueSubject<[String]?, Never>(nil)
    /// What `didClear` throws; `nil` clears.
    public var clearFailure: RecentSearchesError?

    public init() {}

    public var terms: AnyPublisher<[String]?, Never> { termsSubject.eraseToAnyPublisher() }

    public func didLoad() async {
        calls.append(.didLoad)
    }

    public func didClear() async throws(RecentSearchesError) {
        calls.append(.didClear)
        if let clearFailure { throw clearFailure }
        termsSubject.send([])
    }
}
