import Foundation

/// The envelope of the store's RSS charts as JSON, for any kind of entry:
/// `{"feed": {"entry": […], "title": {"label": …}, …}}`. Each chart names only its entry DTO
/// (`RSSFeedResponseDTO<TopMusicVideoEntryDTO>`), as each Search endpoint names its row.
///
/// The feed's quirks are read here, once: `entry` is one object instead of an array when the
/// chart has one entry, and absent when it has none; an entry that cannot be read is left out
/// rather than failing the chart. Only the first `maximumReadEntries` entries are read, and at
/// most `maximumKeptEntries` kept, however many the feed holds.
public struct RSSFeedResponseDTO<Entry: Decodable & Sendable>: Decodable, Sendable {
    /// The most entries kept: the largest chart the generator makes.
    public static var maximumKeptEntries: Int { 200 }
    /// The most entries read, readable or not; later ones are passed over.
    public static var maximumReadEntries: Int { 1000 }

    /// The entries in chart order: position 1 first.
    public let entries: [Entry]
    /// Each entry's place in the feed, counting from 1 and counting entries that could not be
    /// read: the chart's own positions (`entries[i]` is at `positions[i]`).
    public let positions: [Int]

    /// - Parameters:
    ///   - entries: The entries in chart order.
    ///   - positions: Their places in the feed; 1, 2, 3… by default.
    public init(entries: [Entry], positions: [Int]? = nil) {
        self.entries = entries
        self.positions = positions ?? Array(entries.indices.map { $0 + 1 })
    }

    private enum Keys: String, CodingKey {
        case feed, entry
    }

    public init(from decoder: any Decoder) throws {
        let feed = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .feed)
        guard feed.contains(.entry), try !feed.decodeNil(forKey: .entry) else {
            self.init(entries: [])
            return
        }
        guard var array = try? feed.nestedUnkeyedContainer(forKey: .entry) else {
            self.init(entries: [try feed.decode(Lenient<Entry>.self, forKey: .entry).value].compactMap { $0 })
            return
        }
        var entries: [Entry] = []
        var positions: [Int] = []
        var read = 0
        while !array.isAtEnd, read < Self.maximumReadEntries, entries.count < Self.maximumKeptEntries {
            read += 1
            if let entry = try array.decode(Lenient<Entry>.self).value {
                entries.append(entry)
                positions.append(read)
            }
        }
        self.init(entries: entries, positions: positions)
    }
}

/// A JSON value that is either one element or an array of them.
public struct OneOrMany<Element: Decodable>: Decodable {
    public let elements: [Element]

    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [Element] = []
            while !array.isAtEnd { elements.append(try array.decode(Element.self)) }
            self.elements = elements
        } else {
            elements = [try Element(from: decoder)]
        }
    }
}

/// A value that is `nil` when it cannot be read, instead of failing what holds it.
public struct Lenient<Value: Decodable>: Decodable {
    public let value: Value?

    public init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// The feed's wrapper around every value: `{"label": "…", "attributes": {"href": "…"}}`. Both
/// parts may be missing; a label or attribute that is a number is read as its text, anything
/// else as absent.
public struct RSSValue: Decodable, Equatable, Sendable {
    public let label: String?
    public let attributes: [String: String]

    public init(label: String? = nil, attributes: [String: String] = [:]) {
        self.label = label
        self.attributes = attributes
    }

    private enum Keys: String, CodingKey {
        case label, attributes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        label = Self.text(in: container, forKey: .label)
        var attributes: [String: String] = [:]
        if let nested = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .attributes) {
            for key in nested.allKeys {
                if let text = Self.text(in: nested, forKey: key) { attributes[key.stringValue] = text }
            }
        }
        self.attributes = attributes
    }

    private static func text<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) -> String? {
        if let text = try? container.decode(String.self, forKey: key) { return LenientValue.string(text) }
        if let number = try? container.decode(Double.self, forKey: key) {
            return LenientValue.int(number).map(String.init) ?? String(number)
        }
        return nil
    }
}
