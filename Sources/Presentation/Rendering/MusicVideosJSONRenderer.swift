import Domain
import Foundation

/// One JSON array, one object per line, keys in a fixed order (DESIGN §6); absent values are
/// `null`. Strings keep their content; control and bidirectional characters are written as
/// `\uXXXX` escapes, so the output is valid JSON and inert on a terminal.
public struct MusicVideosJSONRenderer: MusicVideosListRenderer {
    public init() {}

    public func render(_ items: [MusicVideosListItemViewModel]) -> String {
        var text = "[\n"
        text.reserveCapacity(items.count * 900)
        for (index, item) in items.enumerated() {
            text += "  "
            text += Self.object(for: item.video)
            text += index == items.count - 1 ? "\n" : ",\n"
        }
        return text + "]\n"
    }

    static func object(for video: MusicVideo) -> String {
        let explicit: JSONValue =
            switch video.explicitness {
            case .explicit: .bool(true)
            case .cleaned, .notExplicit: .bool(false)
            case .unknown: .null
            }
        let fields: [(String, JSONValue)] = [
            ("id", .number(String(video.id))),
            ("title", .string(video.title)),
            ("artist", .string(video.artistName)),
            ("artistId", .number(video.artistID.map(String.init))),
            ("collection", .string(video.collectionName)),
            ("releaseDate", .string(video.releaseDate.map(UTCDateFormatter.iso8601))),
            ("durationSeconds", .number(DurationFormatter.wholeSeconds(video.duration).map(String.init))),
            ("genre", .string(video.genre)),
            ("explicit", explicit),
            ("country", .string(video.country)),
            ("currency", .string(video.currency)),
            ("price", .number(video.price.map { "\($0)" })),
            ("url", .string(video.trackURL?.absoluteString)),
            ("artistUrl", .string(video.artistURL?.absoluteString)),
            ("previewUrl", .string(video.previewURL?.absoluteString)),
            ("artworkUrl", .string(video.artworkURL?.absoluteString)),
        ]
        return "{" + fields.map { JSONText.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    }
}

private enum JSONValue {
    case string(String?)
    case number(String?)
    case bool(Bool)
    case null

    var text: String {
        switch self {
        case .string(let value?): JSONText.quoted(value)
        case .number(let value?): value
        case .bool(let value): value ? "true" : "false"
        case .string(nil), .number(nil), .null: "null"
        }
    }

}
