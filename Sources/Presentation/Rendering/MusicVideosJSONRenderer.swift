import Domain
import Foundation

/// One JSON array, one object per line, keys in a fixed order (DESIGN §6); absent values are
/// `null`. Strings keep their content; control and bidirectional characters are written as
/// `\uXXXX` escapes, so the output is valid JSON and inert on a terminal.
public struct MusicVideosJSONRenderer: MusicVideosListRenderer {
    public init() {}

    public func render(_ items: [MusicVideosListItemViewModel]) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(items.count * 900 + 4)
        buffer.append(contentsOf: "[\n".utf8)
        var prices: [Decimal: String] = [:]  // a page holds a handful of distinct prices
        for (index, item) in items.enumerated() {
            buffer.append(contentsOf: "  ".utf8)
            let price = item.video.price.map { amount in
                if let text = prices[amount] { return text }
                let text = "\(amount)"
                prices[amount] = text
                return text
            }
            Self.appendObject(for: item.video, price: price, to: &buffer)
            buffer.append(contentsOf: (index == items.count - 1 ? "\n" : ",\n").utf8)
        }
        buffer.append(contentsOf: "]\n".utf8)
        return String(decoding: buffer, as: UTF8.self)
    }

    private static func appendObject(for video: MusicVideo, price: String?, to buffer: inout [UInt8]) {
        let explicit: String? =
            switch video.explicitness {
            case .explicit: "true"
            case .cleaned, .notExplicit: "false"
            case .unknown: nil
            }
        var writer = ObjectWriter(buffer: buffer)
        buffer = []
        writer.number("id", String(video.id))
        writer.string("title", video.title)
        writer.string("artist", video.artistName)
        writer.number("artistId", video.artistID.map(String.init))
        writer.string("collection", video.collectionName)
        writer.string("releaseDate", video.releaseDate.map(UTCDateFormatter.iso8601))
        writer.number("durationSeconds", DurationFormatter.wholeSeconds(video.duration).map(String.init))
        writer.string("genre", video.genre)
        writer.number("explicit", explicit)
        writer.string("country", video.country)
        writer.string("currency", video.currency)
        writer.number("price", price)
        writer.string("url", video.trackURL?.absoluteString)
        writer.string("artistUrl", video.artistURL?.absoluteString)
        writer.string("previewUrl", video.previewURL?.absoluteString)
        writer.string("artworkUrl", video.artworkURL?.absoluteString)
        buffer = writer.finish()
    }
}

/// Writes `{"key":value,…}` into a byte buffer.
private struct ObjectWriter {
    private var buffer: [UInt8]
    private var isFirst = true

    init(buffer: [UInt8]) {
        self.buffer = buffer
        self.buffer.append(UInt8(ascii: "{"))
    }

    mutating func string(_ key: String, _ value: String?) {
        self.key(key)
        if let value { JSONText.appendQuoted(value, to: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
    }

    /// A number or literal (`true`, `false`), written as given; `nil` is `null`.
    mutating func number(_ key: String, _ value: String?) {
        self.key(key)
        buffer.append(contentsOf: (value ?? "null").utf8)
    }

    mutating func finish() -> [UInt8] {
        buffer.append(UInt8(ascii: "}"))
        return buffer
    }

    private mutating func key(_ key: String) {
        if !isFirst { buffer.append(UInt8(ascii: ",")) }
        isFirst = false
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: key.utf8)
        buffer.append(contentsOf: "\":".utf8)
    }
}
