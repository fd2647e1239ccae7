import Domain
import Foundation
import Platform

extension RowSchema {
    /// A music video's fields: the keys of the command line's `--json`, in its order.
    public static let videos = RowSchema(
        name: "videos", rowSummary: "a music video",
        fields: [
            Field("id", .integer, nullable: false, "the track id (lookup's id)"),
            Field("title", .string, nullable: false, "the video's title"),
            Field("artist", .string, "the artist's name"),
            Field("artistId", .integer, "the artist's id (artist-videos' artistId)"),
            Field("collection", .string, "the album or collection"),
            Field("releaseDate", .string, "ISO 8601, UTC"),
            Field("durationSeconds", .integer, "the length in whole seconds"),
            Field("genre", .string, "the primary genre"),
            Field("explicit", .boolean, "whether it is explicit"),
            Field("country", .string, "the store's country, three letters"),
            Field("currency", .string, "the price's currency"),
            Field("price", .number, "the price"),
            Field("url", .string, "the store page"),
            Field("artistUrl", .string, "the artist's store page"),
            Field("previewUrl", .string, "a preview clip"),
            Field("artworkUrl", .string, "the artwork, 100 pixels"),
        ])

    /// A chart entry: its rank in the chart, then a music video's fields.
    public static let chartEntries = RowSchema(
        name: "videos", rowSummary: "a music video in the chart", description: "chart entries",
        fields: [Field("rank", .integer, nullable: false, "the position in the chart, 1 for the top")]
            + videos.fields)
}

extension CatalogRow {
    /// A music video as `RowSchema.videos` describes it.
    public init(_ video: MusicVideo) {
        let explicit: FieldValue =
            switch video.explicitness {
            case .explicit: .boolean(true)
            case .cleaned, .notExplicit: .boolean(false)
            case .unknown: .null
            }
        self.init([
            .integer(video.id), .string(video.title), .string(video.artistName), .integer(video.artistID),
            .string(video.collectionName), .string(video.releaseDate.map(UTCDateFormatter.iso8601)),
            .integer(Self.wholeSeconds(video.duration)), .string(video.genre), explicit, .string(video.country),
            .string(video.currency), video.price.map(FieldValue.decimal) ?? .null,
            .string(video.trackLink?.text), .string(video.artistLink?.text),
            .string(video.previewLink?.text), .string(video.artworkLink?.text),
        ])
    }

    /// A chart entry as `RowSchema.chartEntries` describes it.
    public init(rank: Int, video: MusicVideo) {
        self.init([.integer(rank)] + CatalogRow(video).values)
    }

    /// Rounded to whole seconds; `nil` when absent or too large to be a length.
    private static func wholeSeconds(_ seconds: TimeInterval?) -> Int? {
        guard let seconds, seconds.isFinite, seconds.magnitude < 1e12 else { return nil }
        return Int(seconds.rounded())
    }
}
