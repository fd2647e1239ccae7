import Domain
import Foundation

extension CatalogOperation {
    /// `artists`: music-video artists matching words; a row opens the artist's videos.
    public static let artists = CatalogOperation(
        name: "artists", title: "Search music-video artists",
        summary: "Artists with music videos in the iTunes Store whose names match the words, with their ids.",
        parameters: [.term, .limit, .country], rows: .artists,
        commandLine: .option(
            long: "--artists", help: "search music-video artists instead of videos",
            usage: "music-video artists matching the term"),
        rowsLeadTo: .artistVideos
    ) { arguments, services throws(OperationFailure) in
        let query = try validating { () throws(QueryProblem) in try artistsQuery(arguments) }
        let page = try await performing { () async throws(CatalogError) in
            try await services.makeSearchMusicArtistsUseCase().execute(query: query)
        }
        return page.items.map(CatalogRow.init)
    }

    /// `artist-videos`: one artist's music videos by the artist's id; a row opens its details.
    public static let artistVideos = CatalogOperation(
        name: "artist-videos", title: "An artist's music videos",
        summary: "The music videos of one artist, by the artist's id (an artists result's id, or a video's artistId).",
        parameters: [
            OperationParameter(
                "artistId", .integer(1...Int(Int64.max)), summary: "the artist's id", required: true,
                commandLine: .operationValue(placeholder: "N")),
            .limit, .country,
        ],
        rows: .videos,
        commandLine: .option(
            long: "--artist-id", help: "list an artist's music videos", usage: "an artist's music videos"),
        rowsLeadTo: .videoDetails
    ) { arguments, services throws(OperationFailure) in
        let query = try validating { () throws(QueryProblem) in try artistVideosQuery(arguments) }
        let page = try await performing { () async throws(CatalogError) in
            try await services.makeFetchArtistMusicVideosUseCase().execute(query: query)
        }
        return page.items.map(CatalogRow.init)
    }

    /// The artist search's query from checked arguments, the domain's rules applied.
    /// - Throws: The first `QueryProblem`.
    public static func artistsQuery(_ arguments: OperationArguments) throws(QueryProblem) -> MusicArtistQuery {
        try TermQuery(
            term: arguments.text("term"), country: arguments.text("country"),
            limit: arguments.integer("limit") ?? MusicVideoQuery.defaultLimit
        ).validated()
    }

    /// The artist's videos' query from checked arguments, the domain's rules applied.
    /// - Throws: The first `QueryProblem`.
    public static func artistVideosQuery(_ arguments: OperationArguments) throws(QueryProblem) -> ArtistMusicVideosQuery
    {
        try ArtistMusicVideosQuery(
            artistID: arguments.integer("artistId") ?? 0, country: arguments.text("country"),
            limit: arguments.integer("limit") ?? MusicVideoQuery.defaultLimit
        ).validated()
    }
}
