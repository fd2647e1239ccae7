import Foundation

/// "More like this": the other music videos of one video's collection, then of its artist.
public struct RelatedMusicVideosQuery: Equatable, Hashable, Sendable {
    /// The track id of the video the others are like.
    public var id: MusicVideo.ID
    /// Two-letter store country.
    public var country: String
    /// The most videos to return.
    public var limit: Int

    /// A query as given; `validated()` checks it.
    public init(
        id: MusicVideo.ID, country: String = MusicVideoQuery.defaultCountry, limit: Int = MusicVideoQuery.defaultLimit
    ) {
        self.id = id
        self.country = country
        self.limit = limit
    }

    /// - Returns: The query with its country upper-cased.
    /// - Throws: `QueryProblem.invalidID`, `.invalidCountry` or `.limitOutOfRange`.
    public func validated() throws(QueryProblem) -> RelatedMusicVideosQuery {
        guard id > 0 else { throw .invalidID(id) }
        return RelatedMusicVideosQuery(
            id: id, country: try QueryValidation.country(country), limit: try QueryValidation.limit(limit))
    }

    /// How many videos each lookup behind the answer asks for: one more than the limit, for the
    /// video itself may be among them (and a video of the collection is its artist's too), at
    /// most what the service answers. It depends on the limit alone, so the same query asks the
    /// same questions and the response cache answers them again.
    public var lookupLimit: Int {
        min(limit + 1, QueryValidation.limitRange.upperBound)
    }
}

/// The music videos of one collection (an album, a visual album), by the collection's id.
public struct CollectionMusicVideosQuery: Equatable, Hashable, Sendable {
    /// The collection's store id.
    public var collectionID: Int
    /// Two-letter store country.
    public var country: String
    /// The most videos to return.
    public var limit: Int

    /// A query as given; `validated()` checks it.
    public init(
        collectionID: Int, country: String = MusicVideoQuery.defaultCountry, limit: Int = MusicVideoQuery.defaultLimit
    ) {
        self.collectionID = collectionID
        self.country = country
        self.limit = limit
    }

    /// - Returns: The query with its country upper-cased.
    /// - Throws: `QueryProblem.invalidID`, `.invalidCountry` or `.limitOutOfRange`.
    public func validated() throws(QueryProblem) -> CollectionMusicVideosQuery {
        guard collectionID > 0 else { throw .invalidID(collectionID) }
        return CollectionMusicVideosQuery(
            collectionID: collectionID, country: try QueryValidation.country(country),
            limit: try QueryValidation.limit(limit))
    }
}
