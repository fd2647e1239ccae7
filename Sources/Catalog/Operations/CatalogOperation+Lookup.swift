import Domain
import Foundation

extension CatalogOperation {
    /// `lookup`: one music video by its track id (the Lookup API).
    public static let lookup = CatalogOperation(
        name: "lookup", title: "Look up a music video",
        summary: "One music video's details by its track id (a search result's id); nothing found when there is none.",
        parameters: [lookupParameter, .country],
        rows: .videos,
        commandLine: .option(long: "--id", help: "look up one video by its track id", usage: "one video's details"),
        rowsLeadTo: .videoDetails
    ) { arguments, services throws(OperationFailure) in
        let query = try validating { () throws(QueryProblem) in try lookupQuery(arguments) }
        let video = try await performing { () async throws(CatalogError) in
            try await services.makeFetchMusicVideoUseCase().execute(query: query)
        }
        return video.map { [CatalogRow($0)] } ?? []
    }

    /// The lookup's query from checked arguments, the domain's rules applied.
    /// - Throws: The first `QueryProblem`.
    public static func lookupQuery(_ arguments: OperationArguments) throws(QueryProblem) -> MusicVideoLookupQuery {
        try MusicVideoLookupQuery(id: arguments.integer("id") ?? 0, country: arguments.text("country")).validated()
    }

    /// The lookup's track id.
    public static let lookupParameter = OperationParameter(
        "id", .integer(1...Int(Int64.max)), summary: "the video's track id", required: true,
        commandLine: .operationValue(placeholder: "N"))
}
