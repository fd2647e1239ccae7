import Domain
import Foundation
import Platform
import TerminalUI

/// Every field of a video as labelled, formatted, sanitised rows; absent fields are left out.
public enum MusicVideoDetailsFormatter {
    /// - Parameter video: The video.
    /// - Returns: The rows, in reading order.
    public static func rows(for video: MusicVideo) -> [MusicVideoDetailRow] {
        let explicitness: String? =
            switch video.explicitness {
            case .explicit: "yes"
            case .cleaned: "no (edited version)"
            case .notExplicit: "no"
            case .unknown: nil
            }
        let fields: [(String, String?)] = [
            ("Title", video.title),
            ("Artist", video.artistName),
            ("Collection", video.collectionName),
            ("Released", video.releaseDate.map { String(UTCDateFormatter.iso8601($0).prefix(10)) }),
            ("Duration", video.duration.map { DurationFormatter.string(from: $0) }),
            ("Genre", video.genre),
            ("Explicit", explicitness),
            ("Price", video.price.map { PriceFormatter.string(from: $0, currency: video.currency) }),
            (
                "Collection price",
                video.collectionPrice.map { PriceFormatter.string(from: $0, currency: video.currency) }
            ),
            ("Store country", video.country),
            ("Page", video.trackLink?.text),
            ("Artist page", video.artistLink?.text),
            ("Preview", video.previewLink?.text),
            ("Artwork", video.artworkLink?.text),
            ("Track id", String(video.id)),
        ]
        return fields.compactMap { label, value in
            guard let value, !value.isEmpty else { return nil }
            return MusicVideoDetailRow(label: label, value: TerminalSanitizer.sanitize(value))
        }
    }

    /// The rows as aligned `Label  value` lines.
    /// - Parameters:
    ///   - rows: The rows.
    ///   - style: Labels in bold when colour is on.
    /// - Returns: The text, ending with a line break.
    public static func text(for rows: [MusicVideoDetailRow], style: TextStyle = .plain) -> String {
        let width = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        return rows.map { style.bold(DisplayWidth.pad($0.label, toWidth: width)) + "  " + $0.value + "\n" }.joined()
    }
}
