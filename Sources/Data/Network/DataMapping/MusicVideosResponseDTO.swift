import Foundation

/// The envelope of a Search or Lookup answer: `{"resultCount": N, "results": […]}`.
public struct MusicVideosResponseDTO: Codable, Sendable {
    /// What the service claims; never trusted for indexing.
    public let resultCount: Int?
    public let results: [ResultDTO]

    public init(resultCount: Int?, results: [ResultDTO]) {
        self.resultCount = resultCount
        self.results = results
    }
}

extension MusicVideosResponseDTO {
    /// One row of `results`: a track (music video, song, …), a collection or an artist.
    /// Every field is optional, because real answers omit or null any of them.
    public struct ResultDTO: Codable, Sendable {
        public let wrapperType: String?
        public let kind: String?
        public let trackId: Int?
        public let trackName: String?
        public let trackCensoredName: String?
        public let artistId: Int?
        public let artistName: String?
        public let collectionName: String?
        public let trackViewUrl: URL?
        public let artistViewUrl: URL?
        public let previewUrl: URL?
        public let artworkUrl100: URL?
        public let artworkUrl60: URL?
        public let trackPrice: Decimal?
        public let collectionPrice: Decimal?
        public let releaseDate: String?
        public let trackExplicitness: String?
        public let trackTimeMillis: Double?
        public let country: String?
        public let currency: String?
        public let primaryGenreName: String?

        enum CodingKeys: String, CodingKey {
            case wrapperType, kind, trackId, trackName, trackCensoredName, artistId, artistName
            case collectionName, trackViewUrl, artistViewUrl, previewUrl, artworkUrl100, artworkUrl60
            case trackPrice, collectionPrice, releaseDate, trackExplicitness, trackTimeMillis
            case country, currency, primaryGenreName
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            wrapperType = container.lenientString(.wrapperType)
            kind = container.lenientString(.kind)
            trackId = container.lenientInt(.trackId)
            trackName = container.lenientString(.trackName)
            trackCensoredName = container.lenientString(.trackCensoredName)
            artistId = container.lenientInt(.artistId)
            artistName = container.lenientString(.artistName)
            collectionName = container.lenientString(.collectionName)
            trackViewUrl = container.lenientWebURL(.trackViewUrl)
            artistViewUrl = container.lenientWebURL(.artistViewUrl)
            previewUrl = container.lenientWebURL(.previewUrl)
            artworkUrl100 = container.lenientWebURL(.artworkUrl100)
            artworkUrl60 = container.lenientWebURL(.artworkUrl60)
            trackPrice = container.lenientDecimal(.trackPrice)
            collectionPrice = container.lenientDecimal(.collectionPrice)
            releaseDate = container.lenientString(.releaseDate)
            trackExplicitness = container.lenientString(.trackExplicitness)
            trackTimeMillis = container.lenientDouble(.trackTimeMillis)
            country = container.lenientString(.country)
            currency = container.lenientString(.currency)
            primaryGenreName = container.lenientString(.primaryGenreName)
        }
    }
}
