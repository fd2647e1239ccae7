import Foundation

/// The terms of recent successful searches.
public protocol FetchRecentSearchesUseCase: Sendable {
    /// - Returns: Distinct terms, newest first.
    func execute() async -> [String]
}

/// Reads the terms the searches remembered.
public struct DefaultFetchRecentSearchesUseCase: FetchRecentSearchesUseCase {
    private let repository: any RecentSearchesRepository

    /// - Parameter repository: Where the terms are kept.
    public init(repository: any RecentSearchesRepository) {
        self.repository = repository
    }

    public func execute() async -> [String] {
        await repository.recentSearches()
    }
}
