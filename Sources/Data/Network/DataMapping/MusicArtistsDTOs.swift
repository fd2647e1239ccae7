import Domain
import Networking

/// A Search answer about artists.
public typealias MusicArtistsResponseDTO = ITunesResponseDTO<MusicArtistResultDTO>

extension APIEndpoints {
    /// `GET search?term=…&media=musicVideo&entity=musicArtist&…`: artists with music videos.
    /// - Parameter requestDTO: The search parameters.
    /// - Returns: The endpoint, decoding to the artist envelope.
    public static func searchMusicArtists(with requestDTO: TermSearchRequestDTO) -> Endpoint<MusicArtistsResponseDTO> {
        Endpoint(
            path: "search", queryItems: requestDTO.queryItems(entity: "musicArtist"), headers: headers,
            isCacheable: hasRows)
    }
}

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

    /// An artist with an id and a name: what `toDomain()` maps.
    public var isUsable: Bool { wrapperType == "artist" && artistId != nil && artistName != nil }

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

extension MusicArtistResultDTO {
    /// The row as a `MusicArtist`, or `nil` when it is not an artist or lacks an id or a name.
    func toDomain() -> MusicArtist? {
        guard wrapperType == "artist", let artistId, let artistName else { return nil }
        return MusicArtist(id: artistId, name: artistName, genre: primaryGenreName, url: artistLinkUrl?.url)
    }
}
