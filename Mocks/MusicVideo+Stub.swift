import Domain
import Foundation

extension MusicVideo {
    /// A complete, plausible video; override only what a test is about.
    public static func stub(
        id: ID = 1,
        title: String = "Banana Pancakes",
        artistName: String? = "Jack Johnson",
        artistID: Int? = 909_253,
        collectionName: String? = nil,
        releaseDate: Date? = Date(timeIntervalSince1970: 1_108_080_000),
        duration: TimeInterval? = 192,
        genre: String? = "Rock",
        explicitness: Explicitness = .notExplicit,
        price: Decimal? = Decimal(string: "1.99"),
        collectionPrice: Decimal? = nil,
        country: String? = "USA",
        currency: String? = "USD",
        trackURL: URL? = URL(string: "https://music.apple.com/us/music-video/banana-pancakes/1?uo=4"),
        artistURL: URL? = URL(string: "https://music.apple.com/us/artist/jack-johnson/909253?uo=4"),
        previewURL: URL? = nil,
        artworkURL: URL? = nil,
        chartPosition: Int? = nil,
        collectionID: Int? = nil
    ) -> MusicVideo {
        MusicVideo(
            id: id, title: title, artistName: artistName, artistID: artistID, collectionName: collectionName,
            releaseDate: releaseDate, duration: duration, genre: genre, explicitness: explicitness, price: price,
            collectionPrice: collectionPrice, country: country, currency: currency,
            trackLink: trackURL.map(WebLink.init),
            artistLink: artistURL.map(WebLink.init), previewLink: previewURL.map(WebLink.init),
            artworkLink: artworkURL.map(WebLink.init), chartPosition: chartPosition,
            collectionID: collectionID
        )
    }
}
