import Catalog
import Domain
import Presentation

/// A command that lists rows other than the music videos found for a term: a search by words
/// (`mvsearch --artists adele`), a lookup by id (`mvsearch --artist-id 909253`), a chart with no
/// term (`mvsearch --top`). Its entry is the whole of it on the command
/// line: the option and the command's own options (rows of the option table, so `--help`, the
/// man page and the completions follow them), whether it takes a term, its usage line, the JSON
/// keys `--json FIELDS` is checked against, the query it builds from the parsed options, and how
/// its list is made; the one-shot output and both sessions (`-i --artists`) show that list.
/// Each entry lives in a file of its own (`ListCommand+Artists.swift`) and is registered in `all`.
struct ListCommand: Sendable, Equatable {
    /// What follows the option on the command line.
    enum Operand: Sendable, Equatable {
        /// Words to search for (`--artists <term>...`), shown as the placeholder.
        case term
        /// Nothing: the options say it all (`--top`).
        case none
    }

    /// The catalogue's operation it runs.
    let operation: CatalogOperation
    let option: CommandLineOption
    /// Options only this command takes (`--genre` for `--top`), listed after its option.
    let options: [CommandLineOption]
    let operand: Operand
    /// What it lists, for its line under `Usage:` in `--help`.
    let usage: String
    /// What its rows are, in messages about their JSON keys: `artists`.
    let rows: String
    /// The keys of its JSON objects, in order.
    let jsonKeys: [String]
    /// Whether each row shows a video, so `--sort` can order them.
    let rowsAreVideos: Bool
    /// Builds and checks the command's query from the parsed options: every usage error is
    /// found here, before any view model exists.
    let prepare: @Sendable (ListArguments) throws(UsageError) -> PreparedList

    /// - Parameters:
    ///   - operation: The catalogue's operation it runs (Catalog's registry): the option, its
    ///     help, its usage line, whether it takes a term, the value its option takes and the
    ///     JSON keys come from its one declaration.
    ///   - options: Options only it takes, made from its parameters' declarations.
    ///   - row: The row type the command line writes, whose JSON keys must be the operation's.
    ///   - query: The command's query, from the operation's arguments as the options give them
    ///     (the operation's own builder); the domain's rules are checked on it at once.
    ///   - open: Makes the list's view model with the scene container, for the checked query, its
    ///     rows leading where the navigation says (`nil` when the list is written once).
    init<Query: CatalogQuery, Row: ListRowDescribing>(
        _ operation: CatalogOperation, options: [CommandLineOption] = [], of row: Row.Type,
        query: @escaping @Sendable (OperationArguments) throws(QueryProblem) -> Query,
        open: @escaping @MainActor @Sendable (MusicVideosSceneDIContainer, Query, ListNavigation?) -> OpenedList
    ) {
        let (long, help, usage) =
            switch operation.commandLine {
            case .option(let long, let help, let usage): (long, help, usage)
            case .byDefault: ("--" + operation.name, operation.summary, operation.title)
            }
        let value = operation.parameters.lazy.compactMap { parameter -> (name: String, placeholder: String)? in
            if case .operationValue(let placeholder) = parameter.commandLine { return (parameter.name, placeholder) }
            return nil
        }.first
        let id = value?.placeholder
        option = CommandLineOption(long, value: id.map(CommandLineOption.Value.required) ?? .none, help: help) {
            parsed, argument throws(UsageError) in
            if let other = parsed.listCommand, other.option.long != long {
                throw UsageError("\(other.option.long) and \(long) cannot be used together — choose one")
            }
            parsed.listCommand = ListCommand.named(long)
            if let value { parsed.operationValues[value.name] = try argument.id() }
        }
        self.operation = operation
        self.options = options
        operand = operation.parameters.contains { $0.commandLine == .words } ? .term : .none
        self.usage = usage
        rows = operation.rows.description
        jsonKeys = Row.jsonKeys
        rowsAreVideos = Row.self is any MusicVideoRow.Type
        prepare = { arguments throws(UsageError) in
            let checked = try UsageError.checked { () throws(QueryProblem) in
                try query(arguments.operationArguments(for: operation)).validated()
            }
            return PreparedList { container, navigation in open(container, checked, navigation) }
        }
    }

    /// The list command whose option is `long`.
    static func named(_ long: String) -> ListCommand? {
        all.first { $0.option.long == long }
    }

    /// The same command: the same option.
    static func == (lhs: ListCommand, rhs: ListCommand) -> Bool {
        lhs.option.long == rhs.option.long
    }

    /// How its line under `Usage:` starts: `--artists <term>...`, `--top [--genre ID]`,
    /// `--artist-id N`.
    var synopsis: String {
        let own = options.map { option in
            switch option.value {
            case .none: " [\(option.long)]"
            case .required(let placeholder), .optional(let placeholder): " [\(option.long) \(placeholder)]"
            }
        }
        let value = if case .required(let placeholder) = option.value { " " + placeholder } else { "" }
        return option.long + value + own.joined() + (operand == .term ? " <term>..." : "")
    }
}

extension ListCommand {
    /// Every list command, in the order `--help` lists them.
    static let all: [ListCommand] = [artistVideos, artists, top, also]
}

/// What a list command builds its query from: the parsed options, with the settings every
/// command shares resolved (the country from the environment, the default page size).
struct ListArguments: Sendable {
    /// The words after the options, joined (empty for a command without a term).
    let term: String
    let country: String
    let limit: Int
    /// Every option as parsed, for the command's own (`value(of:)`).
    let options: SearchOptions

    /// The operation's arguments as the command line gives them: the term, the country and
    /// the limit every command shares, and the numbers its own options (and the value of the
    /// option that chooses it) were given, each under its parameter's name.
    func operationArguments(for operation: CatalogOperation) -> OperationArguments {
        var arguments = OperationArguments()
        for parameter in operation.parameters {
            let value: ParameterValue? =
                switch parameter.name {
                case OperationParameter.term.name: .text(term)
                case OperationParameter.country.name: .text(country)
                case OperationParameter.limit.name: .integer(limit)
                case OperationParameter.offset.name: .integer(options.offset ?? 0)
                case OperationParameter.matching.name: .text(options.attribute.rawValue)
                case OperationParameter.explicit.name: .boolean(options.allowsExplicit)
                // What the operation's option (`--id N`, `--also N`) and its own (`--genre`) were given.
                default: options.operationValues[parameter.name].map(ParameterValue.integer)
                }
            arguments.set(parameter.name, value)
        }
        return arguments
    }
}

/// A list command checked and ready: every flow opens it when it shows it.
struct PreparedList: Sendable {
    let open: @MainActor @Sendable (MusicVideosSceneDIContainer, ListNavigation?) -> OpenedList
}

/// A list command's view model and the load that asks it for the rows: the one-shot output
/// writes the rows once, each session pushes a screen of them.
struct OpenedList {
    let viewModel: any NumberedListOutput & NumberedListInput
    let load: @MainActor () async -> Void
}

/// Where a session lets a list's rows lead; both sessions fill it in the same way
/// (`SessionNavigation`). Any list may use any destination.
struct ListNavigation {
    /// Opens a video's details, as Enter on a search's row does.
    let showDetails: @MainActor (MusicVideo) -> Void
    /// Opens a video's details from a list of the artist's videos: their `a` for that artist goes
    /// back to the list instead of opening a copy of it.
    let showDetailsFromArtistList: @MainActor (MusicVideo, _ artistID: Int) -> Void
    /// Opens an artist's music videos, as the details' `a` does.
    let showArtistVideos: @MainActor (_ artistID: Int, _ artistName: String?) -> Void
    /// Opens one video's details by its track id, looked up in the store; what the row says of
    /// it is shown when the lookup fails.
    let showMusicVideoDetails: @MainActor (_ row: MusicVideo) -> Void
}
