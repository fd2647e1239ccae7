import Domain
import Foundation

/// One row of the list, with every text already formatted and sanitised for a terminal.
public struct MusicVideosListItemViewModel: Equatable, Sendable {
    public let video: MusicVideo
    public let title: String
    public let artist: String
    public let year: String
    public let duration: String
    public let price: String
    public let isExplicit: Bool
    public let url: String

    /// - Parameter video: The video to show.
    public init(video: MusicVideo) {
        self.init(video: video, price: Self.price(of: video))
    }

    private init(video: MusicVideo, price: String) {
        self.video = video
        title = TerminalSanitizer.sanitize(video.title)
        artist = video.artistName.map(TerminalSanitizer.sanitize) ?? ""
        year = video.releaseDate.map { String(UTCDateFormatter.year(of: $0)) } ?? ""
        duration = DurationFormatter.string(from: video.duration)
        self.price = price
        isExplicit = video.explicitness.isExplicit
        url = video.trackURL.map { TerminalSanitizer.sanitize($0.absoluteString) } ?? ""
    }

    /// The rows of a page. A page holds a handful of distinct prices, so each is formatted once.
    /// - Parameter videos: The videos, in order.
    /// - Returns: One row each.
    public static func items(for videos: [MusicVideo]) -> [MusicVideosListItemViewModel] {
        var prices: [PriceKey: String] = [:]
        return videos.map { video in
            let key = PriceKey(amount: video.price, currency: video.currency)
            if let price = prices[key] { return MusicVideosListItemViewModel(video: video, price: price) }
            let price = price(of: video)
            prices[key] = price
            return MusicVideosListItemViewModel(video: video, price: price)
        }
    }

    private struct PriceKey: Hashable {
        let amount: Decimal?
        let currency: String?
    }

    private static func price(of video: MusicVideo) -> String {
        TerminalSanitizer.sanitize(PriceFormatter.string(from: video.price, currency: video.currency))
    }
}
