import Foundation

/// Forgets every recent search.
public protocol ClearRecentSearchesUseCase: Sendable {
    func execute() async
}

/// Empties the recent-searches store.
public struct DefaultClearRecentSearchesUseCase: ClearRecentSearchesUseCase {
    private let repository: any RecentSearchesRepository

    /// - Parameter repository: Where the terms are kept.
    public init(repository: any RecentSearchesRepository) {
        self.repository = repository
    }

    public func execute() async {
        await repository.clear()
    }
}
