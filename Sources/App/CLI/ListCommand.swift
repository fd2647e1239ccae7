import Domain
import Presentation

/// A command that lists one kind of row found for a term instead of music videos
/// (`mvsearch --artists adele`). Its entry in `ListCommand.all` is the whole of it on the command
/// line: the option (a row of the option table, so `--help`, the man page and the completions
/// follow it), its usage line, the JSON keys `--json FIELDS` is checked against, how it runs once,
/// and how the line and full-screen sessions start on it (`-i --artists`). Its repository, use case and view
/// model are made by the scene container like every feature's.
struct ListCommand: Sendable, Equatable {
    /// What the command line gave a list command.
    struct Search: Sendable {
        let term: String
        let country: String
        let limit: Int
    }

    let option: CommandLineOption
    /// What it lists, for its line under `Usage:` in `--help`.
    let usage: String
    /// What its rows are, in messages about their JSON keys: `artists`.
    let rows: String
    /// The keys of its JSON objects, in order.
    let jsonKeys: [String]
    /// Runs it once: the rows on standard output, the exit status from the view model's events.
    let run: @MainActor @Sendable (AppFlowCoordinator, Search, OutputStyle) async -> ExitStatus
    /// Pushes its list for a term as the line session's first screen.
    let showInSession: @MainActor @Sendable (MusicVideosSearchFlowCoordinator, _ term: String) -> Void
    /// Pushes its list for a term over the full-screen session's search screen.
    let showInFullScreen: @MainActor @Sendable (FullScreenFlowCoordinator, _ term: String) -> Void

    /// - Parameters:
    ///   - long: The option, `--artists`.
    ///   - help: Its line in the option list of `--help`.
    ///   - usage: What it lists, for its line under `Usage:`.
    ///   - rows: What its rows are, in messages.
    ///   - row: The row type, whose JSON keys `--json FIELDS` may name.
    init<Row: ListRowDescribing>(
        _ long: String, help: String, usage: String, rows: String, of row: Row.Type,
        run: @escaping @MainActor @Sendable (AppFlowCoordinator, Search, OutputStyle) async -> ExitStatus,
        showInSession: @escaping @MainActor @Sendable (MusicVideosSearchFlowCoordinator, _ term: String) -> Void,
        showInFullScreen: @escaping @MainActor @Sendable (FullScreenFlowCoordinator, _ term: String) -> Void
    ) {
        option = CommandLineOption(.list(long), long, help: help)
        self.usage = usage
        self.rows = rows
        jsonKeys = Row.jsonKeys
        self.run = run
        self.showInSession = showInSession
        self.showInFullScreen = showInFullScreen
    }

    /// The list command whose option is `long`.
    static func named(_ long: String) -> ListCommand? {
        all.first { $0.option.long == long }
    }

    /// The same command: the same option.
    static func == (lhs: ListCommand, rhs: ListCommand) -> Bool {
        lhs.option.long == rhs.option.long
    }
}

extension ListCommand {
    /// Every list command, in the order `--help` lists them.
    static let all: [ListCommand] = [artists]

    static let artists = ListCommand(
        "--artists", help: "search music-video artists instead of videos",
        usage: "music-video artists matching the term", rows: "artists", of: MusicArtistsListItemViewModel.self,
        run: { flow, search, style in
            let viewModel = flow.sceneContainer.makeMusicArtistsListViewModel()
            let query = MusicArtistQuery(term: search.term, country: search.country, limit: search.limit)
            return await flow.runList(viewModel, style: style) { await viewModel.didSearch(query: query) }
        },
        showInSession: { session, term in session.showArtists(for: term) },
        showInFullScreen: { session, term in session.showArtists(for: term) })
}
