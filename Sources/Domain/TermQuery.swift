import Foundation

/// A search by words for one kind of item in a store, a page at a time: what every list
/// command's search asks (`--artists`; `MusicArtistQuery` is this type). The music-video search
/// has more to say and has its own `MusicVideoQuery`.
public struct TermQuery: Equatable, Hashable, Sendable {
    /// The words to search for, as typed.
    public var term: String
    /// Two-letter store country.
    public var country: String
    /// Results per request.
    public var limit: Int

    public init(
        term: String, country: String = MusicVideoQuery.defaultCountry, limit: Int = MusicVideoQuery.defaultLimit
    ) {
        self.term = term
        self.country = country
        self.limit = limit
    }

    /// - Returns: The query with its term normalised and its country upper-cased.
    /// - Throws: The first `QueryProblem` found.
    public func validated() throws(QueryProblem) -> TermQuery {
        TermQuery(
            term: try QueryValidation.term(term), country: try QueryValidation.country(country),
            limit: try QueryValidation.limit(limit))
    }
}
