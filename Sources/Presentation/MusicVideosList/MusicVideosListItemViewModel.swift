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
        self.video = video
        title = TerminalSanitizer.sanitize(video.title)
        artist = video.artistName.map(TerminalSanitizer.sanitize) ?? ""
        year = video.releaseDate.map { String(UTCDateFormatter.year(of: $0)) } ?? ""
        duration = DurationFormatter.string(from: video.duration)
        price = TerminalSanitizer.sanitize(PriceFormatter.string(from: video.price, currency: video.currency))
        isExplicit = video.explicitness.isExplicit
        url = video.trackURL.map { TerminalSanitizer.sanitize($0.absoluteString) } ?? ""
    }
}
