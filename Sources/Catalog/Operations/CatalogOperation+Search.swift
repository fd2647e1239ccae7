import Domain
import Foundation

extension CatalogOperation {
    /// `search`: music videos matching words (the Search API); a row opens the video's details.
    public static let search = CatalogOperation(
        name: "search", title: "Search music videos",
        summary: "Music videos in the iTunes Store matching the words, in the store's order of relevance.",
        parameters: [.term, .limit, .offset, .country, .matching, .explicit], rows: .videos,
        commandLine: .byDefault, rowsLeadTo: .videoDetails
    ) { arguments, services throws(OperationFailure) in
        let query = try validating { () throws(QueryProblem) in try searchQuery(arguments) }
        let page = try await performing { () async throws(CatalogError) in
            try await services.makeSearchMusicVideosUseCase().execute(query: query)
        }
        return page.videos.map(CatalogRow.init)
    }

    /// The search's query from checked arguments, the domain's rules applied: what the command
    /// line builds too (and words a broken rule its own way).
    /// - Throws: The first `QueryProblem`.
    public static func searchQuery(_ arguments: OperationArguments) throws(QueryProblem) -> MusicVideoQuery {
        let query = MusicVideoQuery(
            term: arguments.text("term"), country: arguments.text("country"),
            limit: arguments.integer("limit") ?? MusicVideoQuery.defaultLimit, offset: arguments.integer("offset") ?? 0,
            attribute: MusicVideoQuery.Attribute(rawValue: arguments.text("by")) ?? .any,
            allowsExplicit: arguments.boolean("explicit", otherwise: true))
        return try query.validated()
    }
}
