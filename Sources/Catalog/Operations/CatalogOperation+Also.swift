import Domain
import Foundation

extension CatalogOperation {
    /// `also`: "more like this" — the other music videos of a video's collection, then of its
    /// artist. Declared here and registered in `OperationRegistry.standard`, nothing else: the
    /// command line's `--also N`, the route `/v1/also` and the tool `mvsearch_also` follow from it.
    public static let also = CatalogOperation(
        name: "also", title: "More like this",
        summary: "More music videos like one video, by its track id: the others of its collection, then its"
            + " artist's, each once, the video itself left out; nothing found when there is no such video"
            + " or no other.",
        parameters: [alsoParameter, .limit, .country],
        rows: .videos,
        commandLine: .option(
            long: "--also", help: "more like one video: its collection's, then its artist's other videos",
            usage: "videos like one video"),
        rowsLeadTo: .videoDetails
    ) { arguments, services throws(OperationFailure) in
        let query = try validating { () throws(QueryProblem) in try alsoQuery(arguments) }
        let page = try await performing { () async throws(CatalogError) in
            try await services.makeFetchRelatedMusicVideosUseCase().execute(query: query)
        }
        return page.items.map(CatalogRow.init)
    }

    /// The "more like this" query from checked arguments, the domain's rules applied.
    /// - Throws: The first `QueryProblem`.
    public static func alsoQuery(_ arguments: OperationArguments) throws(QueryProblem) -> RelatedMusicVideosQuery {
        try RelatedMusicVideosQuery(
            id: arguments.integer("id") ?? 0, country: arguments.text("country"),
            limit: arguments.integer("limit") ?? MusicVideoQuery.defaultLimit
        ).validated()
    }

    /// The track id of the video the others are like.
    public static let alsoParameter = OperationParameter(
        "id", .integer(1...Int(Int64.max)), summary: "the track id of the video to find more like",
        required: true, commandLine: .operationValue(placeholder: "N"))
}
