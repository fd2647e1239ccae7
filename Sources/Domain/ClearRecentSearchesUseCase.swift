import Foundation

/// Forgets every recent search.
public protocol ClearRecentSearchesUseCase: Sendable {
    /// - Throws: `RecentSearchesError` when they could not be forgotten.
    func execute() async throws(RecentSearchesError)
}

/// Empties the recent-searches store.
public struct DefaultClearRecentSearchesUseCase: ClearRecentSearchesUseCase {
    private let repository: any RecentSearchesRepository

    /// - Parameter repository: Where the terms are kept.
    public init(repository: any RecentSearchesRepository) {
        self.repository = repository
    }

    public func execute() async throws(RecentSearchesError) {
        try await repository.clear()
    }
}
