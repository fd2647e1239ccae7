import Domain
import Foundation

/// One JSON array with one object per line, or (`.lines`) the objects alone, one a line. Keys
/// in a fixed order (DESIGN §6), or the chosen ones in the order chosen; absent values are
/// `null`. Strings keep their content; control and bidirectional characters are written as
/// `\uXXXX` escapes, so the output is valid JSON and inert on a terminal.
public struct MusicVideosJSONRenderer: MusicVideosListRenderer {
    private let fields: [MusicVideoJSONField]
    private let layout: JSONLayout

    /// - Parameters:
    ///   - fields: The keys of each object, in order.
    ///   - layout: An array, or one object a line.
    public init(fields: [MusicVideoJSONField] = MusicVideoJSONField.allCases, layout: JSONLayout = .array) {
        self.fields = fields
        self.layout = layout
    }

    public func render(_ items: [MusicVideosListItemViewModel]) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(items.count * 60 * fields.count + 4)
        let isArray = layout == .array
        if isArray { buffer.append(contentsOf: "[\n".utf8) }
        var prices: [Decimal: String] = [:]  // a page holds a handful of distinct prices
        for (index, item) in items.enumerated() {
            if isArray { buffer.append(contentsOf: "  ".utf8) }
            let price = item.video.price.map { amount in
                if let text = prices[amount] { return text }
                let text = "\(amount)"
                prices[amount] = text
                return text
            }
            appendObject(for: item.video, price: price, to: &buffer)
            buffer.append(contentsOf: (!isArray || index == items.count - 1 ? "\n" : ",\n").utf8)
        }
        if isArray { buffer.append(contentsOf: "]\n".utf8) }
        return String(decoding: buffer, as: UTF8.self)
    }

    private func appendObject(for video: MusicVideo, price: String?, to buffer: inout [UInt8]) {
        var writer = ObjectWriter(buffer: buffer)
        buffer = []
        for field in fields {
            let key = field.rawValue
            switch field {
            case .id: writer.number(key, String(video.id))
            case .title: writer.string(key, video.title)
            case .artist: writer.string(key, video.artistName)
            case .artistId: writer.number(key, video.artistID.map(String.init))
            case .collection: writer.string(key, video.collectionName)
            case .releaseDate: writer.string(key, video.releaseDate.map(UTCDateFormatter.iso8601))
            case .durationSeconds: writer.number(key, DurationFormatter.wholeSeconds(video.duration).map(String.init))
            case .genre: writer.string(key, video.genre)
            case .explicit: writer.number(key, Self.explicit(video.explicitness))
            case .country: writer.string(key, video.country)
            case .currency: writer.string(key, video.currency)
            case .price: writer.number(key, price)
            case .url: writer.string(key, video.trackURL?.absoluteString)
            case .artistUrl: writer.string(key, video.artistURL?.absoluteString)
            case .previewUrl: writer.string(key, video.previewURL?.absoluteString)
            case .artworkUrl: writer.string(key, video.artworkURL?.absoluteString)
            }
        }
        buffer = writer.finish()
    }

    private static func explicit(_ explicitness: Explicitness) -> String? {
        switch explicitness {
        case .explicit: "true"
        case .cleaned, .notExplicit: "false"
        case .unknown: nil
        }
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
