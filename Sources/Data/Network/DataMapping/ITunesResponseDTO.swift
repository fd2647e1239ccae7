import Foundation
import Networking

/// The envelope of every Search and Lookup answer, `{"resultCount": N, "results": […]}`, for any
/// kind of row: each endpoint names only its row DTO (`ITunesResponseDTO<MusicArtistResultDTO>`).
public struct ITunesResponseDTO<Row: ITunesRowDTO>: Decodable, Equatable, Sendable, JSONReadable {
    /// The row type, as `MusicVideosResponseDTO.ResultDTO`.
    public typealias ResultDTO = Row

    /// What the service claims; never trusted for indexing.
    public let resultCount: Int?
    public let results: [Row]

    public init(resultCount: Int?, results: [Row]) {
        self.resultCount = resultCount
        self.results = results
    }

    /// The fast path `JSONResponseDecoder` takes; `Decodable` gives the same result.
    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var resultCount: Int?
        var results: [Row]?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "resultCount":
                resultCount = try reader.lenientInt()
            case "results":
                var rows: [Row] = []
                try reader.readArray { reader throws(JSONReader.Failure) in rows.append(try Row(reading: &reader)) }
                results = rows
            default:
                try reader.skipValue()
            }
        }
        guard let results else { throw .unexpectedShape("$.results: missing") }
        self.init(resultCount: resultCount, results: results)
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
