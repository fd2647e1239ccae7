import Foundation

/// One music video by its track id.
public struct MusicVideoLookupQuery: Equatable, Hashable, Sendable {
    /// The track id to look up.
    public var id: MusicVideo.ID
    /// Two-letter store country.
    public var country: String

    public init(id: MusicVideo.ID, country: String = MusicVideoQuery.defaultCountry) {
        self.id = id
        self.country = country
    }

    /// - Returns: The query with its country upper-cased.
    /// - Throws: `QueryProblem.invalidID` or `.invalidCountry`.
    public func validated() throws(QueryProblem) -> MusicVideoLookupQuery {
        guard id > 0 else { throw .invalidID(id) }
        return MusicVideoLookupQuery(id: id, country: try QueryValidation.country(country))
    }
}

/// The music videos of one artist, by the artist's id.
public struct ArtistMusicVideosQuery: Equatable, Hashable, Sendable {
    /// The artist's store id.
    public var artistID: Int
    /// The artist's name, when known, for titles and messages.
    public var artistName: String?
    public var country: String
    public var limit: Int

    public init(
        artistID: Int,
        artistName: String? = nil,
        country: String = MusicVideoQuery.defaultCountry,
        limit: Int = MusicVideoQuery.defaultLimit
    ) {
        self.artistID = artistID
        self.artistName = artistName
        self.country = country
        self.limit = limit
    }

    /// - Returns: The query with its country upper-cased.
    /// - Throws: `QueryProblem.invalidID`, `.invalidCountry` or `.limitOutOfRange`.
    public func validated() throws(QueryProblem) -> ArtistMusicVideosQuery {
        guard artistID > 0 else { throw .invalidID(artistID) }
        var query = self
        query.limit = try QueryValidation.limit(limit)
        query.country = try QueryValidation.country(country)
        return query
    }
}
