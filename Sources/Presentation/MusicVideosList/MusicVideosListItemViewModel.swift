import Domain
import Foundation
import Platform
import TerminalUI

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
    /// The price as a JSON number (`1.99`), `nil` when there is none.
    public let priceNumber: String?

    /// - Parameter video: The video to show.
    public init(video: MusicVideo) {
        self.init(video: video, price: Self.price(of: video), priceNumber: video.price.map { "\($0)" })
    }

    private init(video: MusicVideo, price: String, priceNumber: String?) {
        self.video = video
        title = TerminalSanitizer.sanitize(video.title)
        artist = video.artistName.map(TerminalSanitizer.sanitize) ?? ""
        year = video.releaseDate.map { String(UTCDateFormatter.year(of: $0)) } ?? ""
        duration = DurationFormatter.string(from: video.duration)
        self.price = price
        self.priceNumber = priceNumber
        isExplicit = video.explicitness.isExplicit
        url = video.trackLink.map { TerminalSanitizer.sanitize($0.text) } ?? ""
    }

    /// The rows of a page. A page holds a handful of distinct prices, so each is formatted once.
    /// - Parameter videos: The videos, in order.
    /// - Returns: One row each.
    public static func items(for videos: [MusicVideo]) -> [MusicVideosListItemViewModel] {
        var prices: [PriceKey: (text: String, number: String?)] = [:]
        return videos.map { video in
            let key = PriceKey(amount: video.price, currency: video.currency)
            if let price = prices[key] {
                return MusicVideosListItemViewModel(video: video, price: price.text, priceNumber: price.number)
            }
            let price = (text: price(of: video), number: video.price.map { "\($0)" })
            prices[key] = price
            return MusicVideosListItemViewModel(video: video, price: price.text, priceNumber: price.number)
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

/// The columns of a music-video list in every format.
extension MusicVideosListItemViewModel: ListRowDescribing {
    /// `#  Title  Artist  Year  Time  Price`: title and artist share what the others leave (an
    /// explicit video's title is marked `E`); on a narrow terminal price, then time, then year give way.
    public static let tableColumns: [TableColumn<Self>] = [
        TableColumn("Title", width: .flexible(percent: 100), marker: ("E", { $0.isExplicit }), value: { $0.title }),
        TableColumn("Artist", width: .flexible(percent: 40), value: { $0.artist }),
        TableColumn("Year", value: { $0.year }),
        TableColumn("Time", alignRight: true, value: { $0.duration }),
        TableColumn("Price", alignRight: true, value: { $0.price }),
    ]

    /// `trackId, artist, title, year, time, price, url`.
    public static let plainFields: [@Sendable (Self) -> String] = [
        { String($0.video.id) }, { $0.artist }, { $0.title }, { $0.year }, { $0.duration }, { $0.price }, { $0.url },
    ]

    /// The keys of the command-line contract, in its order.
    public static let jsonFields: [JSONField<Self>] = [
        .literal("id") { String($0.video.id) },
        .string("title") { $0.video.title },
        .string("artist") { $0.video.artistName },
        .literal("artistId") { $0.video.artistID.map(String.init) },
        .string("collection") { $0.video.collectionName },
        .string("releaseDate") { $0.video.releaseDate.map(UTCDateFormatter.iso8601) },
        .literal("durationSeconds") { DurationFormatter.wholeSeconds($0.video.duration).map(String.init) },
        .string("genre") { $0.video.genre },
        .literal("explicit") { item in
            switch item.video.explicitness {
            case .explicit: "true"
            case .cleaned, .notExplicit: "false"
            case .unknown: nil
            }
        },
        .string("country") { $0.video.country },
        .string("currency") { $0.video.currency },
        .literal("price") { $0.priceNumber },
        .string("url") { $0.video.trackLink?.text },
        .string("artistUrl") { $0.video.artistLink?.text },
        .string("previewUrl") { $0.video.previewLink?.text },
        .string("artworkUrl") { $0.video.artworkLink?.text },
    ]
}

/// A music-video table, plain lines and JSON: the generic renderers with these columns.
public typealias MusicVideosTableRenderer = TableRenderer<MusicVideosListItemViewModel>
public typealias MusicVideosPlainRenderer = PlainRenderer<MusicVideosListItemViewModel>
public typealias MusicVideosJSONRenderer = JSONRenderer<MusicVideosListItemViewModel>
