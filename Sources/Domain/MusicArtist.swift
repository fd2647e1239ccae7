import Foundation

/// An artist in the store who has music videos.
public struct MusicArtist: Identifiable, Equatable, Sendable {
    /// The store's artist id: what `ArtistMusicVideosQuery` looks up.
    public let id: Int
    /// The artist's name as the store writes it.
    public let name: String
    /// The artist's main genre, when the store gives one.
    public let genre: String?
    /// The artist's store page.
    public let url: URL?

    public init(id: Int, name: String, genre: String?, url: URL?) {
        self.id = id
        self.name = name
        self.genre = genre
        self.url = url
    }
}

/// Music-video artists whose name matches a term.
public struct MusicArtistQuery: Equatable, Hashable, Sendable {
    /// Words of the artist's name, as typed.
    public var term: String
    /// Two-letter store country.
    public var country: String
    /// Artists per request.
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
    public func validated() throws(QueryProblem) -> MusicArtistQuery {
        MusicArtistQuery(
            term: try QueryValidation.term(term), country: try QueryValidation.country(country),
            limit: try QueryValidation.limit(limit))
    }
}
