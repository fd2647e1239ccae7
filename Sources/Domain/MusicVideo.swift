import Foundation

/// One music video in the store. Everything real answers can omit is optional.
public struct MusicVideo: Identifiable, Equatable, Sendable {
    /// The store's track id; the one reliable key.
    public typealias ID = Int

    /// The track id.
    public let id: ID
    /// The track's name (its censored name when the name is missing).
    public let title: String
    /// The artist, or several joined (`Mura Masa & Clairo`).
    public let artistName: String?
    /// The first artist's id: what `ArtistMusicVideosQuery` looks up.
    public let artistID: Int?
    /// The album or visual album, when the video belongs to one.
    public let collectionName: String?
    /// The collection's id: what `CollectionMusicVideosQuery` looks up; `nil` for a video on its own.
    public let collectionID: Int?
    public let releaseDate: Date?
    /// Length in seconds.
    public let duration: TimeInterval?
    public let genre: String?
    public let explicitness: Explicitness
    /// `nil` when the video is not sold on its own (the store sends `-1`) or not at all.
    public let price: Decimal?
    public let collectionPrice: Decimal?
    /// Store country as the service names it (ISO 3166-1 alpha-3, e.g. `USA`).
    public let country: String?
    /// ISO 4217 code, e.g. `USD`.
    public let currency: String?
    /// The video's store page.
    public let trackLink: WebLink?
    /// The artist's store page.
    public let artistLink: WebLink?
    /// A short preview (`.m4v`).
    public let previewLink: WebLink?
    /// The largest artwork the answer names.
    public let artworkLink: WebLink?
    /// The video's place in the chart it came from (1 for the top), as the chart gives it:
    /// entries left out before it do not move it up. `nil` outside a chart.
    public let chartPosition: Int?

    public init(
        id: ID,
        title: String,
        artistName: String?,
        artistID: Int?,
        collectionName: String?,
        releaseDate: Date?,
        duration: TimeInterval?,
        genre: String?,
        explicitness: Explicitness,
        price: Decimal?,
        collectionPrice: Decimal?,
        country: String?,
        currency: String?,
        trackLink: WebLink?,
        artistLink: WebLink?,
        previewLink: WebLink?,
        artworkLink: WebLink?,
        chartPosition: Int? = nil,
        collectionID: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.artistName = artistName
        self.artistID = artistID
        self.collectionName = collectionName
        self.releaseDate = releaseDate
        self.duration = duration
        self.genre = genre
        self.explicitness = explicitness
        self.price = price
        self.collectionPrice = collectionPrice
        self.country = country
        self.currency = currency
        self.trackLink = trackLink
        self.artistLink = artistLink
        self.previewLink = previewLink
        self.artworkLink = artworkLink
        self.chartPosition = chartPosition
        self.collectionID = collectionID
    }
}

extension MusicVideo {
    /// The video's store page, parsed.
    public var trackURL: URL? { trackLink?.url }
    /// The artist's store page, parsed.
    public var artistURL: URL? { artistLink?.url }
    /// The preview, parsed.
    public var previewURL: URL? { previewLink?.url }
    /// The artwork, parsed.
    public var artworkURL: URL? { artworkLink?.url }
}
