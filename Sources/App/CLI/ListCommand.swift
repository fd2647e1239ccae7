import Domain
import Presentation

/// A command that lists one kind of row found for a term instead of music videos
/// (`mvsearch --artists adele`). Its entry in `ListCommand.all` is the whole of it on the command
/// line: the option (a row of the option table, so `--help`, the man page and the completions
/// follow it), its usage line, the JSON keys `--json FIELDS` is checked against, and how its list
/// is made for a term; the one-shot output and both sessions (`-i --artists`) show that list.
/// Its repository, use case and view model are made by the scene container like every feature's.
struct ListCommand: Sendable, Equatable {
    let option: CommandLineOption
    /// What it lists, for its line under `Usage:` in `--help`.
    let usage: String
    /// What its rows are, in messages about their JSON keys: `artists`.
    let rows: String
    /// The keys of its JSON objects, in order.
    let jsonKeys: [String]
    /// Makes its list for a query. Every flow shows the list it returns in its own way.
    let open: @MainActor @Sendable (MusicVideosSceneDIContainer, TermQuery, ListNavigation?) -> OpenedList

    /// - Parameters:
    ///   - long: The option, `--artists`.
    ///   - help: Its line in the option list of `--help`.
    ///   - usage: What it lists, for its line under `Usage:`.
    ///   - rows: What its rows are, in messages.
    ///   - row: The row type, whose JSON keys `--json FIELDS` may name.
    ///   - open: Makes the list's view model with the scene container, for the query, its rows
    ///     leading where the navigation says (`nil` when the list is written once).
    init<Row: ListRowDescribing>(
        _ long: String, help: String, usage: String, rows: String, of row: Row.Type,
        open: @escaping @MainActor @Sendable (MusicVideosSceneDIContainer, TermQuery, ListNavigation?) -> OpenedList
    ) {
        option = CommandLineOption(.list(long), long, help: help)
        self.usage = usage
        self.rows = rows
        jsonKeys = Row.jsonKeys
        self.open = open
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
        usage: "music-video artists matching the term", rows: "artists", of: MusicArtistsListItemViewModel.self
    ) { container, query, navigation in
        let viewModel = container.makeMusicArtistsListViewModel(
            actions: navigation.map { MusicArtistsListViewModelActions(showArtistVideos: $0.showArtistVideos) })
        return OpenedList(viewModel: viewModel) { await viewModel.didSearch(query: query) }
    }
}

/// A list command's view model and the load that asks it for the rows: the one-shot output
/// writes the rows once, each session pushes a screen of them.
struct OpenedList {
    let viewModel: any NumberedListOutput & NumberedListInput
    let load: @MainActor () async -> Void
}

/// Where a session lets a list's rows lead; the session's coordinator fills it in.
struct ListNavigation {
    /// Opens an artist's music videos, as the details' `a` does.
    let showArtistVideos: @MainActor (_ artistID: Int, _ artistName: String?) -> Void
}
