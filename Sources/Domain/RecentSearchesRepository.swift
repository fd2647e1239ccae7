import Foundation

/// The terms of recent successful searches, kept between runs.
public protocol RecentSearchesRepository: Sendable {
    /// - Returns: Distinct terms, newest first.
    func recentSearches() async -> [String]
    /// Records a term as the newest; an equal term (ignoring case) moves to the front. Never
    /// fails a search: a term that cannot be saved is reported and dropped.
    func save(_ term: String) async
    /// Forgets every term.
    /// - Throws: `RecentSearchesError` when they could not be forgotten.
    func clear() async throws(RecentSearchesError)
}

/// Why the recent searches could not be forgotten.
public struct RecentSearchesError: Error, Equatable, Sendable {
    /// The kind of failure, for the exit status.
    public enum Kind: Equatable, Sendable {
        /// Not allowed: a read-only file system, or a folder that is not the user's own.
        case notPermitted
        /// The storage failed (an input/output error).
        case inputOutput
        /// Another process kept them locked (it may be writing them): try again.
        case busy
    }

    public let kind: Kind
    /// What happened, for a message, e.g. `/home/u/.local/state/mvsearch is a symbolic link`.
    public let reason: String

    public init(_ kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
