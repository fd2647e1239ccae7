import Foundation

/// "More like this": the video the others are like, and the others.
public struct RelatedMusicVideosPage: Equatable, Sendable {
    /// The query as sent (validated and normalised).
    public let query: RelatedMusicVideosQuery
    /// The video looked up; `nil` when the store has none with the query's id.
    public let video: MusicVideo?
    /// The other videos of its collection, then of its artist, each once, the video left out.
    public let items: [MusicVideo]

    /// - Parameters:
    ///   - query: The query as sent.
    ///   - video: The video looked up, if there is one.
    ///   - items: The others, in order.
    public init(query: RelatedMusicVideosQuery, video: MusicVideo?, items: [MusicVideo]) {
        self.query = query
        self.video = video
        self.items = items
    }
}

/// Finds the music videos like one video.
public protocol FetchRelatedMusicVideosUseCase: Sendable {
    /// - Parameter query: The video's id, country and limit, as given.
    /// - Returns: The video and at most `limit` others: its collection's first, then its
    ///   artist's, each once, the video itself left out; none when there is no such video.
    /// - Throws: `CatalogError.invalidQuery` before any request; otherwise the repositories' error.
    func execute(query: RelatedMusicVideosQuery) async throws(CatalogError) -> RelatedMusicVideosPage
}

/// Validates the query, looks the video up, then asks for its collection's videos (when it has
/// a collection) and, while rows are missing, its artist's (when it names one): at most three
/// requests, each the same for the same query, so the response cache can answer them all.
public struct DefaultFetchRelatedMusicVideosUseCase: FetchRelatedMusicVideosUseCase {
    private let videos: any MusicVideosRepository
    private let collections: any MusicVideoCollectionsRepository

    /// - Parameters:
    ///   - videos: Looks the video and its artist's videos up.
    ///   - collections: Looks its collection's videos up.
    public init(videos: any MusicVideosRepository, collections: any MusicVideoCollectionsRepository) {
        self.videos = videos
        self.collections = collections
    }

    public func execute(query: RelatedMusicVideosQuery) async throws(CatalogError) -> RelatedMusicVideosPage {
        let validQuery = try QueryValidation.checked(query.validated)
        let lookup = MusicVideoLookupQuery(id: validQuery.id, country: validQuery.country)
        guard let video = try await videos.fetchMusicVideo(query: lookup) else {
            return RelatedMusicVideosPage(query: validQuery, video: nil, items: [])
        }
        var related = RelatedVideos(leavingOut: video.id, limit: validQuery.limit)
        if let collectionID = video.collectionID, collectionID > 0 {
            related.add(
                try await collections.fetchCollectionMusicVideos(
                    query: CollectionMusicVideosQuery(
                        collectionID: collectionID, country: validQuery.country, limit: validQuery.lookupLimit)))
        }
        if !related.isFull, let artistID = video.artistID, artistID > 0 {
            related.add(
                try await videos.fetchArtistMusicVideos(
                    query: ArtistMusicVideosQuery(
                        artistID: artistID, artistName: video.artistName, country: validQuery.country,
                        limit: validQuery.lookupLimit)))
        }
        return RelatedMusicVideosPage(query: validQuery, video: video, items: related.items)
    }
}

/// The videos gathered so far: each id once, one left out, at most a limit.
private struct RelatedVideos {
    private var seen: Set<MusicVideo.ID>
    private let limit: Int
    private(set) var items: [MusicVideo] = []

    init(leavingOut id: MusicVideo.ID, limit: Int) {
        seen = [id]
        self.limit = limit
    }

    var isFull: Bool { items.count >= limit }

    mutating func add(_ videos: [MusicVideo]) {
        for video in videos where !isFull && seen.insert(video.id).inserted {
            items.append(video)
        }
    }
}
