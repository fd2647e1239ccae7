import Domain
import Foundation

extension CatalogOperation {
    /// `genres`: the chart genres and their ids, for `top`'s `genre`. Declared here and
    /// registered in `OperationRegistry.standard`, nothing else: the command line's `--genres`,
    /// the route `/v1/genres` and the tool `mvsearch_genres` all follow from it.
    public static let genres = CatalogOperation(
        name: "genres", title: "Chart genres",
        summary: "The genres of the store's music-video charts and their ids, for top's genre.",
        parameters: [], rows: .genres,
        commandLine: .option(
            long: "--genres", help: "the chart genres and their ids (for --top --genre)", usage: "the chart genres"),
        rowsLeadTo: .chart, asksService: false
    ) { _, _ in
        ChartGenre.musicVideoCharts.map { CatalogRow([.integer($0.id), .string($0.name)]) }
    }
}

extension RowSchema {
    /// A chart genre's fields.
    public static let genres = RowSchema(
        name: "genres", rowSummary: "a chart genre",
        fields: [
            Field("id", .integer, nullable: false, "the genre's id (top's genre)"),
            Field("name", .string, nullable: false, "the genre's name"),
        ])
}
