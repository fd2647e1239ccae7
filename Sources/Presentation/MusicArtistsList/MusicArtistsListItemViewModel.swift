import Domain
import Foundation

/// One artist row, every text sanitised for a terminal.
public struct MusicArtistsListItemViewModel: Equatable, Sendable {
    public let artist: MusicArtist
    public let name: String
    public let genre: String
    public let url: String

    public init(artist: MusicArtist) {
        self.artist = artist
        name = TerminalSanitizer.sanitize(artist.name)
        genre = artist.genre.map(TerminalSanitizer.sanitize) ?? ""
        url = artist.url.map { TerminalSanitizer.sanitize($0.absoluteString) } ?? ""
    }
}

/// The columns of an artist list in every format.
extension MusicArtistsListItemViewModel: ListRowDescribing {
    /// `#  Artist  Genre  ID`: the id is always shown, for `--artist-id`-style lookups.
    public static let tableColumns: [TableColumn<Self>] = [
        TableColumn("Artist", width: .flexible(percent: 100), value: { $0.name }),
        TableColumn("Genre", width: .flexible(percent: 40), value: { $0.genre }),
        TableColumn("ID", width: .fittedAlways, alignRight: true, value: { String($0.artist.id) }),
    ]

    /// `id, name, genre, url`.
    public static let plainFields: [@Sendable (Self) -> String] = [
        { String($0.artist.id) }, { $0.name }, { $0.genre }, { $0.url },
    ]

    /// `{id, name, genre, url}`.
    public static let jsonFields: [JSONField<Self>] = [
        .literal("id") { String($0.artist.id) },
        .string("name") { $0.artist.name },
        .string("genre") { $0.artist.genre },
        .string("url") { $0.artist.url?.absoluteString },
    ]
}
