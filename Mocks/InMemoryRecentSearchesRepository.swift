import Domain
import Foundation

/// Recent searches in memory, newest first, with the same rules as the file-backed repository.
public actor InMemoryRecentSearchesRepository: RecentSearchesRepository {
    public private(set) var terms: [String]

    public init(_ terms: [String] = []) {
        self.terms = terms
    }

    public func recentSearches() async -> [String] { terms }

    public func save(_ term: String) async {
        terms.removeAll { $0.caseInsensitiveCompare(term) == .orderedSame }
        terms.insert(term, at: 0)
        terms = Array(terms.prefix(20))
    }

    /// Set to make `clear` fail with it.
    public var clearError: RecentSearchesError?

    public func failClearing(with error: RecentSearchesError) { clearError = error }

    public func clear() async throws(RecentSearchesError) {
        if let clearError { throw clearError }
        terms.removeAll()
    }
}
