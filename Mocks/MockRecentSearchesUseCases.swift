import Domain
import Foundation

/// A recent-searches use case that answers from a closure and counts its calls.
public final class MockFetchRecentSearchesUseCase: FetchRecentSearchesUseCase, Sendable {
    public typealias Handler = @Sendable () async -> [String]

    private let handler: Handler?
    private let calls = Locked(0)

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called (and answers
    ///   no terms).
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    /// How many times `execute` was called.
    public var executions: Int { calls.value }

    public func execute() async -> [String] {
        calls.withLock { $0 += 1 }
        guard let handler else {
            reportUnimplemented("MockFetchRecentSearchesUseCase.execute()")
            return []
        }
        return await handler()
    }
}

/// A use case that forgets the recent searches, answering from a closure and counting its calls.
public final class MockClearRecentSearchesUseCase: ClearRecentSearchesUseCase, Sendable {
    public typealias Handler = @Sendable () async throws(RecentSearchesError) -> Void

    private let handler: Handler?
    private let calls = Locked(0)

    /// - Parameter handler: Runs for `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    /// How many times `execute` was called.
    public var executions: Int { calls.value }

    public func execute() async throws(RecentSearchesError) {
        calls.withLock { $0 += 1 }
        guard let handler else {
            reportUnimplemented("MockClearRecentSearchesUseCase.execute()")
            return
        }
        try await handler()
    }
}
