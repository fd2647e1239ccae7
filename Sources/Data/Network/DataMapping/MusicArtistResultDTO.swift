import Foundation
import Networking

/// A Search answer about artists.
public typealias MusicArtistsResponseDTO = ITunesResponseDTO<MusicArtistResultDTO>

/// One row of an artist answer: `{"wrapperType":"artist","artistName":…,"artistLinkUrl":…,
/// "artistId":…,"primaryGenreName":…}` (no `kind`; the page is `artistLinkUrl`).
public struct MusicArtistResultDTO: ITunesRowDTO {
    public private(set) var wrapperType: String?
    public private(set) var artistId: Int?
    public private(set) var artistName: String?
    public private(set) var artistLinkUrl: WebURLText?
    public private(set) var primaryGenreName: String?

    public enum Field: String, CodingKey, CaseIterable, Sendable {
        case wrapperType, artistId, artistName, artistLinkUrl, primaryGenreName
    }

    public static let fields = fieldTable()

    public init() {}

    public mutating func read<Value: LenientValueReader>(_ field: Field, from value: inout Value)
        throws(Value.Failure)
    {
        switch field {
        case .wrapperType: wrapperType = try value.lenientString()
        case .artistId: artistId = try value.lenientInt()
        case .artistName: artistName = try value.lenientString()
        case .artistLinkUrl: artistLinkUrl = try value.lenientWebURL()
        case .primaryGenreName: primaryGenreName = try value.lenientString()
        }
    }
}
