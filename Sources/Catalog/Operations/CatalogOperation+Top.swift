import Domain
import Foundation

extension CatalogOperation {
    /// `top`: the store's top music videos chart, no term; a row opens the video's details.
    public static let top = CatalogOperation(
        name: "top", title: "Top music videos chart",
        summary: "The iTunes Store's top music videos chart for a country, optionally of one genre, ranked from 1.",
        parameters: [.limit, .country, .genre],
        rows: .chartEntries,
        commandLine: .option(
            long: "--top", help: "the store's top music videos chart (no term)", usage: "the store's top music videos"),
        rowsLeadTo: .videoDetails
    ) { arguments, services throws(OperationFailure) in
        let query = try validating { () throws(QueryProblem) in try topQuery(arguments) }
        let page = try await performing { () async throws(CatalogError) in
            try await services.makeFetchTopMusicVideosUseCase().execute(query: query)
        }
        return page.items.enumerated().map {
            CatalogRow(rank: $0.element.chartPosition ?? $0.offset + 1, video: $0.element)
        }
    }

    /// The chart's query from checked arguments, the domain's rules applied.
    /// - Throws: The first `QueryProblem`.
    public static func topQuery(_ arguments: OperationArguments) throws(QueryProblem) -> ChartQuery {
        try ChartQuery(
            country: arguments.text("country"), limit: arguments.integer("limit") ?? MusicVideoQuery.defaultLimit,
            genreID: arguments.integer("genre")
        ).validated()
    }

    /// `history`: the recent searches of the person on this machine, newest first.
    public static let history = CatalogOperation(
        name: "history", title: "Recent searches",
        summary:
            "The searches made on this machine's command line, newest first (searches made through the server are never kept).",
        parameters: [], rows: .searches,
        commandLine: .option(long: "--history", help: "print recent searches", usage: "recent searches, newest first"),
        rowsLeadTo: .search, asksService: false
    ) { _, services throws(OperationFailure) in
        await services.makeFetchRecentSearchesUseCase().execute().map { CatalogRow([.string($0)]) }
    }
}

extension OperationParameter {
    /// A chart's genre; its summary names every genre `genres` lists, from the same declaration.
    public static let genre = OperationParameter(
        "genre", .integer(1...1_000_000),
        summary: "one genre's chart, by its id: "
            + ChartGenre.musicVideoCharts.map { "\($0.id) \($0.name)" }.joined(separator: ", ")
            + " (the genres operation lists them)",
        commandLine: .option(long: "--genre", short: nil, placeholder: "ID"))
}
