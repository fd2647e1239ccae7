import Foundation

/// One of the store's charts in one country, optionally of one genre: no term, a size.
public struct ChartQuery: CatalogQuery, Hashable {
    /// Two-letter store country.
    public var country: String
    /// How many entries, from the top.
    public var limit: Int
    /// The store's genre id (14 Pop, 21 Rock…), or `nil` for every genre.
    public var genreID: Int?

    public init(
        country: String = MusicVideoQuery.defaultCountry, limit: Int = MusicVideoQuery.defaultLimit,
        genreID: Int? = nil
    ) {
        self.country = country
        self.limit = limit
        self.genreID = genreID
    }

    /// - Returns: The query with its country upper-cased.
    /// - Throws: `QueryProblem.limitOutOfRange`, `.invalidCountry` or `.invalidID` (the genre).
    public func validated() throws(QueryProblem) -> ChartQuery {
        if let genreID, genreID <= 0 { throw .invalidID(genreID) }
        return ChartQuery(
            country: try QueryValidation.country(country), limit: try QueryValidation.limit(limit), genreID: genreID)
    }
}
