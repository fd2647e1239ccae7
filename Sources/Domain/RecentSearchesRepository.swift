import Foundation

/// The terms of recent successful searches, kept between runs.
public protocol RecentSearchesRepository: Sendable {
    /// - Returns: Distinct terms, newest first.
    func recentSearches() async -> [String]
    /// Records a term as the newest; an equal term (ignoring case) moves to the front.
    func save(_ term: String) async
    /// Forgets every term.
    func clear() async
}
