import Foundation
import Networking

/// The envelope of a Search or Lookup answer: `{"resultCount": N, "results": […]}`.
public struct MusicVideosResponseDTO: Codable, Equatable, Sendable {
    /// What the service claims; never trusted for indexing.
    public let resultCount: Int?
    public let results: [ResultDTO]

    public init(resultCount: Int?, results: [ResultDTO]) {
        self.resultCount = resultCount
        self.results = results
    }
}

extension MusicVideosResponseDTO: JSONReadable {
    /// The fast path `JSONResponseDecoder` takes; `Decodable` gives the same result.
    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var resultCount: Int?
        var results: [ResultDTO]?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            switch key {
            case "resultCount":
                resultCount = try reader.lenientInt()
            case "results":
                var rows: [ResultDTO] = []
                try reader.readArray { reader throws(JSONReader.Failure) in rows.append(try ResultDTO(reading: &reader))
                }
                results = rows
            default:
                try reader.skipValue()
            }
        }
        guard let results else { throw .unexpectedShape("$.results: missing") }
        self.init(resultCount: resultCount, results: results)
    }
}

extension MusicVideosResponseDTO {
    /// One row of `results`: a track (music video, song, …), a collection or an artist.
    /// Every field is optional, because real answers omit or null any of them.
    public struct ResultDTO: Codable, Equatable, Sendable, JSONReadable {
        public private(set) var wrapperType: String?
        public private(set) var kind: String?
        public private(set) var trackId: Int?
        public private(set) var trackName: String?
        public private(set) var trackCensoredName: String?
        public private(set) var artistId: Int?
        public private(set) var artistName: String?
        public private(set) var collectionName: String?
        public private(set) var trackViewUrl: WebURLText?
        public private(set) var artistViewUrl: WebURLText?
        public private(set) var previewUrl: WebURLText?
        public private(set) var artworkUrl100: WebURLText?
        public private(set) var artworkUrl60: WebURLText?
        public private(set) var trackPrice: Decimal?
        public private(set) var collectionPrice: Decimal?
        public private(set) var releaseDate: String?
        public private(set) var trackExplicitness: String?
        public private(set) var trackTimeMillis: Double?
        public private(set) var country: String?
        public private(set) var currency: String?
        public private(set) var primaryGenreName: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case wrapperType, kind, trackId, trackName, trackCensoredName, artistId, artistName
            case collectionName, trackViewUrl, artistViewUrl, previewUrl, artworkUrl100, artworkUrl60
            case trackPrice, collectionPrice, releaseDate, trackExplicitness, trackTimeMillis
            case country, currency, primaryGenreName
        }

        private init() {}

        public init(from decoder: any Decoder) throws {
            self.init()
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            for key in container.allKeys {
                var value = ContainerValue(container: container, key: key)
                read(key.stringValue, from: &value)
            }
        }

        public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
            var row = ResultDTO()
            try reader.readObject { reader, key throws(JSONReader.Failure) in try row.read(key, from: &reader) }
            self = row
        }

        /// The keys read, found by one hash lookup rather than a string comparison per case.
        private static let fields: [String: CodingKeys] = Dictionary(
            uniqueKeysWithValues: CodingKeys.allCases.map { ($0.stringValue, $0) })

        /// The one place that says which key fills which field, for either decoder.
        private mutating func read<Value: LenientValueReader>(_ key: String, from value: inout Value)
            throws(Value.Failure)
        {
            guard let field = Self.fields[key] else { return try value.skip() }
            switch field {
            case .wrapperType: wrapperType = try value.lenientString()
            case .kind: kind = try value.lenientString()
            case .trackId: trackId = try value.lenientInt()
            case .trackName: trackName = try value.lenientString()
            case .trackCensoredName: trackCensoredName = try value.lenientString()
            case .artistId: artistId = try value.lenientInt()
            case .artistName: artistName = try value.lenientString()
            case .collectionName: collectionName = try value.lenientString()
            case .trackViewUrl: trackViewUrl = try value.lenientWebURL()
            case .artistViewUrl: artistViewUrl = try value.lenientWebURL()
            case .previewUrl: previewUrl = try value.lenientWebURL()
            case .artworkUrl100: artworkUrl100 = try value.lenientWebURL()
            case .artworkUrl60: artworkUrl60 = try value.lenientWebURL()
            case .trackPrice: trackPrice = try value.lenientDecimal()
            case .collectionPrice: collectionPrice = try value.lenientDecimal()
            case .releaseDate: releaseDate = try value.lenientString()
            case .trackExplicitness: trackExplicitness = try value.lenientString()
            case .trackTimeMillis: trackTimeMillis = try value.lenientDouble()
            case .country: country = try value.lenientString()
            case .currency: currency = try value.lenientString()
            case .primaryGenreName: primaryGenreName = try value.lenientString()
            }
        }
    }
}
