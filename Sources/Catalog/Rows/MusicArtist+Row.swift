import Domain
import Foundation

extension RowSchema {
    /// An artist's fields: the keys of the command line's `--artists --json`.
    public static let artists = RowSchema(
        name: "artists", rowSummary: "a music-video artist",
        fields: [
            Field("id", .integer, nullable: false, "the artist's id (artist-videos' artistId)"),
            Field("name", .string, nullable: false, "the artist's name"),
            Field("genre", .string, "the primary genre"),
            Field("url", .string, "the artist's store page"),
        ])

    /// A recent search: its term (`--history --json term`).
    public static let searches = RowSchema(
        name: "searches", rowSummary: "a recent search",
        fields: [Field("term", .string, nullable: false, "the words searched for")])
}

extension CatalogRow {
    /// An artist as `RowSchema.artists` describes it.
    public init(_ artist: MusicArtist) {
        self.init([
            .integer(artist.id), .string(artist.name), .string(artist.genre), .string(artist.url?.absoluteString),
        ])
    }
}
