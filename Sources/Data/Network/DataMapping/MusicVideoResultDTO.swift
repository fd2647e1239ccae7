import Foundation
import Networking

/// A Search or Lookup answer about music videos.
public typealias MusicVideosResponseDTO = ITunesResponseDTO<MusicVideoResultDTO>

/// One row of a music-video answer: a track (music video, song, …), a collection or an artist.
/// Every field is optional, because real answers omit or null any of them.
public struct MusicVideoResultDTO: ITunesRowDTO {
    public private(set) var wrapperType: String?
    public private(set) var kind: String?
    public private(set) var trackId: Int?
    public private(set) var trackName: String?
    public private(set) var trackCensoredName: String?
    public private(set) var artistId: Int?
    public private(set) var artistName: String?
    public private(set) var collectionId: Int?
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

    public enum Field: String, CodingKey, CaseIterable, Sendable {
        case wrapperType, kind, trackId, trackName, trackCensoredName, artistId, artistName
        case collectionId, collectionName, trackViewUrl, artistViewUrl, previewUrl, artworkUrl100, artworkUrl60
        case trackPrice, collectionPrice, releaseDate, trackExplicitness, trackTimeMillis
        case country, currency, primaryGenreName
    }

    public static let fields = fieldTable()

    public init() {}

    /// A music video with a track id and a name: what `toDomain()` maps.
    public var isUsable: Bool {
        wrapperType == "track" && kind == "music-video" && trackId != nil
            && (trackName != nil || trackCensoredName != nil)
    }

    public mutating func read<Value: LenientValueReader>(_ field: Field, from value: inout Value)
        throws(Value.Failure)
    {
        switch field {
        case .wrapperType: wrapperType = try value.lenientString()
        case .kind: kind = try value.lenientString()
        case .trackId: trackId = try value.lenientInt()
        case .trackName: trackName = try value.lenientString()
        case .trackCensoredName: trackCensoredName = try value.lenientString()
        case .artistId: artistId = try value.lenientInt()
        case .artistName: artistName = try value.lenientString()
        case .collectionId: collectionId = try value.lenientInt()
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
