import Domain
import Foundation

extension MusicVideosResponseDTO {
    /// The music videos of the answer, in its order, at most the query's limit; other rows are
    /// dropped.
    /// - Parameter query: The query this answer belongs to.
    /// - Returns: The page, counting every row the service sent for paging (at most the limit:
    ///   a server that sends more than was asked for does not move the next page further).
    func toDomain(query: MusicVideoQuery) -> MusicVideoPage {
        MusicVideoPage(
            query: query, videos: Array(results.lazy.compactMap { $0.toDomain() }.prefix(query.limit)),
            rowCount: min(rowCount, query.limit))
    }
}

extension MusicVideoResultDTO {
    /// The row as a `MusicVideo`, or `nil` when it is not a music video, has no track id, or
    /// has no name at all.
    func toDomain() -> MusicVideo? {
        guard wrapperType == "track", kind == "music-video", let trackId,
            let title = trackName ?? trackCensoredName
        else { return nil }
        return MusicVideo(
            id: trackId,
            title: title,
            artistName: artistName,
            artistID: artistId,
            collectionName: collectionName,
            releaseDate: releaseDate.flatMap(ReleaseDateParser.date(from:)),
            duration: trackTimeMillis.flatMap(Self.duration(milliseconds:)),
            genre: primaryGenreName,
            explicitness: trackExplicitness.flatMap(Explicitness.init(rawValue:)) ?? .unknown,
            price: StorePrice.forSale(trackPrice),
            collectionPrice: StorePrice.forSale(collectionPrice),
            country: country,
            currency: currency,
            trackLink: trackViewUrl?.link,
            artistLink: artistViewUrl?.link,
            previewLink: previewUrl?.link,
            artworkLink: artworkUrl100?.link ?? artworkUrl60?.link,
            collectionID: collectionId
        )
    }

    /// Seconds, for a plausible length only: a server can send any number, even `1e300`.
    private static func duration(milliseconds: Double) -> TimeInterval? {
        (1...maximumMilliseconds).contains(milliseconds) ? milliseconds / 1000 : nil
    }

    /// A week; no music video is longer.
    private static let maximumMilliseconds: Double = 7 * 24 * 3600 * 1000
}
