import Foundation
import Networking

/// The envelope of every Search and Lookup answer, `{"resultCount": N, "results": […]}`, for any
/// kind of row: each endpoint names only its row DTO (`ITunesResponseDTO<MusicArtistResultDTO>`).
///
/// Rows are filtered while they are read, so an answer's size never sets the memory it takes:
/// only rows the endpoint can use (`ITunesRowDTO.isUsable`) are kept, at most
/// `maximumKeptRows` (the most the API ever sends); and only the first `maximumReadRows` rows,
/// usable or not (empty objects included), are read at all — the rest are passed over, only
/// counted. Both decoders do the same.
public struct ITunesResponseDTO<Row: ITunesRowDTO>: Decodable, Equatable, Sendable, JSONReadable {
    /// The row type, as `MusicVideosResponseDTO.ResultDTO`.
    public typealias ResultDTO = Row

    /// The most rows kept: the API's largest `limit`.
    public static var maximumKeptRows: Int { 200 }
    /// The most rows read into a row DTO, usable or not; later rows are passed over.
    public static var maximumReadRows: Int { 1000 }

    /// What the service claims; never trusted for indexing.
    public let resultCount: Int?
    /// The usable rows, in the answer's order, at most `maximumKeptRows`.
    public let results: [Row]
    /// How many rows the answer's array held, whether kept, left out or passed over.
    public let rowCount: Int

    public init(resultCount: Int?, results: [Row], rowCount: Int? = nil) {
        self.resultCount = resultCount
        self.results = results
        self.rowCount = rowCount ?? results.count
    }

    /// The fast path `JSONResponseDecoder` takes; `Decodable` gives the same result.
    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var resultCount: Int?
        var rows: RowCollector?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "resultCount":
                resultCount = try reader.lenientInt()
            case "results":
                var collector = RowCollector()
                try Self.at("$.results") { () throws(JSONReader.Failure) in
                    try reader.readArray { reader throws(JSONReader.Failure) in
                        if collector.wantsMore {
                            let row = try Self.at("$.results[\(collector.count)]") { () throws(JSONReader.Failure) in
                                try Row(reading: &reader)
                            }
                            collector.add(row)
                        } else {
                            try reader.skipValue()
                            collector.passOver()
                        }
                    }
                }
                rows = collector
            default:
                try reader.skipValue()
            }
        }
        guard let rows else { throw .unexpectedShape("$.results: missing") }
        self.init(resultCount: resultCount, results: rows.kept, rowCount: rows.count)
    }

    /// Reads with `read`, naming `path` in a wrong shape it finds there (the reader knows only
    /// what it expected), so a message says where: `$.results[0]: expected an object`.
    private static func at<Value>(_ path: @autoclosure () -> String, _ read: () throws(JSONReader.Failure) -> Value)
        throws(JSONReader.Failure) -> Value
    {
        do {
            return try read()
        } catch .unexpectedShape(let detail) where !detail.hasPrefix("$") {
            throw .unexpectedShape("\(path()): \(detail)")
        } catch {
            throw error
        }
    }

    private enum Keys: String, CodingKey {
        case resultCount, results
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let resultCount = ContainerValue(container: container, key: .resultCount).lenientInt()
        var array = try container.nestedUnkeyedContainer(forKey: .results)
        var collector = RowCollector()
        while !array.isAtEnd {
            if collector.wantsMore {
                collector.add(try array.decode(Row.self))
            } else {
                _ = try array.decode(PassedOver.self)
                collector.passOver()
            }
        }
        self.init(resultCount: resultCount, results: collector.kept, rowCount: collector.count)
    }

    /// The rows of one answer as they are read: usable ones kept up to the bound, all counted.
    private struct RowCollector {
        private(set) var kept: [Row] = []
        private(set) var count = 0

        /// Whether the next row is still read into a DTO.
        var wantsMore: Bool { count < maximumReadRows && kept.count < maximumKeptRows }

        mutating func add(_ row: Row) {
            count += 1
            if row.isUsable { kept.append(row) }
        }

        mutating func passOver() {
            count += 1
        }
    }

    /// Any JSON value, read and dropped.
    private struct PassedOver: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

/// One row of `results`, read leniently by either decoder: absent, `null` or mistyped values read
/// as `nil` (real answers omit or null any field). A row DTO lists its fields once, as
/// `Field` cases, and says in `read(_:from:)` which reader fills which; decoding comes from here.
/// Nothing encodes a row: the response cache keeps the body as it came.
public protocol ITunesRowDTO: Decodable, Equatable, Sendable, JSONReadable {
    /// The keys the row reads; other keys are skipped.
    associatedtype Field: CodingKey, CaseIterable, Sendable
    /// Every field `nil`.
    init()
    /// Keys to fields, found by one hash lookup: `static let fields = fieldTable()`.
    static var fields: [String: Field] { get }
    /// Fills one field from the value at hand.
    mutating func read<Value: LenientValueReader>(_ field: Field, from value: inout Value) throws(Value.Failure)
    /// Whether the row is of the kind the endpoint maps (a music video, an artist): only those
    /// are kept while an answer is read.
    var isUsable: Bool { get }
}

extension ITunesRowDTO {
    /// The table `fields` holds: every `Field` by its key.
    public static func fieldTable() -> [String: Field] {
        Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.stringValue, $0) })
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys {
            guard let field = Self.fields[key.stringValue] else { continue }
            var value = ContainerValue(container: container, key: key)
            read(field, from: &value)
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var row = Self()
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            guard let field = Self.fields[key] else { return try reader.skipValue() }
            try row.read(field, from: &reader)
        }
        self = row
    }
}
