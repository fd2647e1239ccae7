import Catalog
import Domain
import Foundation
import Platform
import Presentation

/// One option of the command line: its names, the value it takes, its line in `--help`, and what
/// it does to the options parsed so far. `CommandLineOption.all` is the one table the parser,
/// `--help`, the man page and the shell completions follow (tests compare the man page and the
/// completion files with it), so an option is declared in one place: its row.
struct CommandLineOption: Sendable {
    /// Whether the option takes a value, and how it is shown.
    enum Value: Sendable, Equatable {
        /// No value (`--no-explicit`).
        case none
        /// The next argument, or the text after `=` (`--limit N`, `--limit=N`).
        case required(String)
        /// Only after `=`, or a next argument that `acceptsNext` accepts (`--json [FIELDS]`).
        case optional(String)
    }

    /// The runs an option can shape. An option given on the command line for a run outside its
    /// scopes is refused (`--limit does not apply to --history`) rather than silently ignored.
    enum Scope: Sendable, CaseIterable {
        /// A search for music videos, written once.
        case search
        /// `--id`.
        case lookup
        /// A list command (`--artists`, `--artist-id`, `--top`), written once or as the session's start.
        case list
        /// The interactive session (`-i`, or no term on a terminal).
        case session
        /// `--pick`.
        case pick
        /// A pick from a list of videos (`--pick --artist-id N`, `--pick --top`): what shapes it
        /// (`--select-1`) applies to that list as well as what shapes any list.
        case videoListPick
        /// The list a session starts on (`-i --top`, `--pick --artists x`): what shapes the
        /// session's screens (`--no-mouse`) applies to that list as well as what shapes any list.
        case sessionList
        case history, clearHistory, settings
        /// `mvsearch serve`.
        case serve
        /// `mvsearch mcp`.
        case mcp
        /// An operation the table has no flow of its own for, run through Catalog and written in
        /// the output formats (`Invocation.Flow.operation`).
        case operation

        /// Every run that asks the service (or the response cache) something.
        static let requests: Set<Scope> = [.search, .lookup, .list, .session, .pick, .serve, .mcp, .operation]
        /// The front ends that serve other programs.
        static let services: Set<Scope> = [.serve, .mcp]
        /// Every run that writes results in an output format.
        static let formatted: Set<Scope> = [.search, .lookup, .list, .pick, .operation]
        /// The full-screen session's own settings, whatever it starts on.
        static let fullScreen: Set<Scope> = [.session, .pick, .sessionList]
    }

    /// Sets what the option says in the options parsed so far.
    typealias Apply = @Sendable (_ options: inout SearchOptions, _ argument: OptionArgument) throws(UsageError) -> Void

    /// `--limit`.
    let long: String
    /// `-l`, when there is one.
    let short: String?
    /// Other spellings the parser accepts, not shown in help (`--no-colour`).
    let aliases: [String]
    let value: Value
    /// For an optional value: whether the next argument is the value rather than a term.
    let acceptsNext: @Sendable (String) -> Bool
    /// The values the option accepts when they are a fixed list (for help and completion).
    let choices: [String]
    /// One line or more of help, without the names; lines after the first are continuations.
    let help: [String]
    /// The runs the option shapes; everywhere, for the options that choose the run and for those
    /// that suit every run (`--no-color`, `--verbose`).
    let scopes: Set<Scope>
    /// The name of the operation parameter it sets (Catalog's declaration), when it sets one.
    let parameter: String?
    let apply: Apply

    init(
        _ long: String, short: String? = nil, aliases: [String] = [], value: Value = .none,
        acceptsNext: @escaping @Sendable (String) -> Bool = { _ in false }, choices: [String] = [],
        scopes: Set<Scope> = Set(Scope.allCases), parameter: String? = nil,
        help: String..., apply: @escaping Apply
    ) {
        self.init(
            long, short: short, aliases: aliases, value: value, acceptsNext: acceptsNext, choices: choices,
            scopes: scopes, parameter: parameter, helpLines: help, apply: apply)
    }

    /// The option that sets an operation's parameter: its names, its placeholder and its choices
    /// come from the parameter's one declaration (Catalog's registry); its help is the command
    /// line's own wording (which names the environment and the settings file).
    init(
        _ parameter: OperationParameter, scopes: Set<Scope> = Set(Scope.allCases), help: String...,
        apply: @escaping Apply
    ) {
        let choices: [String] = if case .choice(let choices) = parameter.kind { choices } else { [] }
        switch parameter.commandLine {
        case .option(let long, let short, let placeholder):
            self.init(
                long, short: short, aliases: [], value: .required(placeholder), acceptsNext: { _ in false },
                choices: choices, scopes: scopes, parameter: parameter.name, helpLines: help, apply: apply)
        case .switchOff(let long):
            self.init(
                long, short: nil, aliases: [], value: .none, acceptsNext: { _ in false }, choices: [], scopes: scopes,
                parameter: parameter.name, helpLines: help, apply: apply)
        case .none, .words, .operationValue:
            self.init(
                "--" + parameter.name, short: nil, aliases: [], value: .required(parameter.name.uppercased()),
                acceptsNext: { _ in false }, choices: choices, scopes: scopes, parameter: parameter.name,
                helpLines: help, apply: apply)
        }
    }

    /// A row with help of several lines, as a setting's declaration gives it.
    init(
        _ long: String, short: String? = nil, aliases: [String], value: Value,
        acceptsNext: @escaping @Sendable (String) -> Bool = { _ in false },
        choices: [String], scopes: Set<Scope>, parameter: String? = nil, helpLines help: [String],
        apply: @escaping Apply
    ) {
        self.long = long
        self.short = short
        self.aliases = aliases
        self.value = value
        self.acceptsNext = acceptsNext
        self.choices = choices
        self.help = help
        self.scopes = scopes
        self.parameter = parameter
        self.apply = apply
    }

    /// Every name the parser accepts for the option.
    var names: [String] { [short, long].compactMap { $0 } + aliases }

    /// The names and the placeholder as `--help` shows them: `-l, --limit N`.
    var synopsis: String {
        let names = (short.map { "\($0), " } ?? "    ") + long
        switch value {
        case .none: return names
        case .required(let placeholder): return "\(names) \(placeholder)"
        case .optional(let placeholder): return "\(names) [\(placeholder)]"
        }
    }

    /// The option whose name (a long name, a short one or an alias) is `name`.
    static func named(_ name: String) -> CommandLineOption? {
        byName[name]
    }

    private static let byName: [String: CommandLineOption] = Dictionary(
        all.flatMap { option in option.names.map { ($0, option) } }, uniquingKeysWith: { first, _ in first })

    /// The table, in the order `--help` lists it: each list command's option and its own options
    /// (`ListCommand.all`) after `--id`.
    static let all: [CommandLineOption] = spelled + generated(for: .standard)

    /// Whether the table spells this option itself (rather than from a declaration alone).
    static func isSpelled(_ long: String) -> Bool {
        spelled.contains { $0.long == long }
    }

    /// The rows written here, each with the command line's own wording.
    static let spelled: [CommandLineOption] =
        beforeListCommands + ListCommand.all.flatMap { [$0.option] + $0.options } + afterListCommands

    private static let beforeListCommands: [CommandLineOption] =
        [
            CommandLineOption(
                .limit, scopes: [.search, .list, .session, .pick, .settings, .serve, .mcp, .operation],
                help:
                    "results per page, \(QueryValidation.limitRange.lowerBound)–\(QueryValidation.limitRange.upperBound) "
                    + "(default \(MusicVideoQuery.defaultLimit))"
            ) { options, argument throws(UsageError) in options.limit = try argument.integer() },
            CommandLineOption(.offset, scopes: [.search], help: "skip the first N results") {
                options, argument throws(UsageError) in options.offset = try argument.integer()
            },
            CommandLineOption(
                .country, scopes: Scope.requests.union([.settings]),
                help: "two-letter store country (default $MVSEARCH_COUNTRY, else the settings file, else US)"
            ) { options, argument throws(UsageError) in options.country = try argument.text() },
            CommandLineOption(
                .matching, scopes: [.search, .session, .pick],
                help: "match the term against artist, song, album or any (default any)"
            ) { options, argument throws(UsageError) in options.attribute = try argument.choice() },
            CommandLineOption(.explicit, scopes: [.search, .session, .pick], help: "leave out explicit videos") {
                options, _ in
                options.allowsExplicit = false
            },
            CommandLineOption(
                "--format", value: .required("FORMAT"), choices: OutputFormat.allCases.map(\.rawValue),
                scopes: Scope.formatted.union([.history, .settings]),
                help: "\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) "
                    + "(default: table on a terminal, else plain)"
            ) { options, argument throws(UsageError) in options.format = try argument.choice() },
            CommandLineOption(
                "--json", value: .optional("FIELDS"), acceptsNext: CommandLineParser.isFieldList,
                choices: JSONFields.known,
                scopes: Scope.formatted.union([.history]),
                help: "JSON (--format json, or jsonl if chosen); FIELDS keeps only those keys,",
                "in that order: --json id,title,url. The next word is FIELDS only if it has",
                "a comma or is one key (--json title), else it is the term (--json clairo)"
            ) { options, argument throws(UsageError) in
                if let fields = argument.value { options.jsonFields = try CommandLineParser.fieldList(fields) }
                if options.format != .jsonl { options.format = .json }
            },
            CommandLineOption(
                "--sort", value: .required("KEY"), choices: MusicVideoOrder.Key.allCases.map(\.rawValue),
                help: "order the videos by year (newest first), title, artist, duration or price;",
                "ties keep the service's order, missing values last. Only the rows fetched",
                "are sorted (one page: --limit), in every format"
            ) { options, argument throws(UsageError) in options.sort = try argument.choice() },
            CommandLineOption("--reverse", help: "with --sort: the other way round (missing values still last)") {
                options, _ in options.reverse = true
            },
            CommandLineOption(
                "--no-cache", scopes: Scope.requests,
                help: "do not answer from the response cache (the answer is still stored)"
            ) { options, _ in options.noCache = true },
            CommandLineOption(
                "--offline", scopes: Scope.requests, help: "answer from the response cache only, however old"
            ) { options, _ in
                options.offline = true
            },
        ]
        // The settings' own options (`--no-color`, `--no-mouse`), from their declarations.
        + SettingsTable.shared.all.flatMap(\.options) + [
            CommandLineOption(
                "--interactive", short: "-i", help: "browse: search, page, open details, go back"
            ) { options, _ in options.interactive = true },
            CommandLineOption(
                "--pick", help: "choose videos on the terminal (Tab marks, Enter prints them to stdout",
                "in --format plain, json, jsonl or table; Esc prints nothing and exits 130)"
            ) { options, _ in options.pick = true },
            CommandLineOption(
                "--select-1", scopes: [.pick, .videoListPick],
                help: "with --pick: a single video found is printed at once, without a screen"
            ) { options, _ in options.selectOne = true },
            CommandLineOption(choosing: .lookup) { options, argument throws(UsageError) in
                let id = try argument.id()
                options.lookupID = id
                // The lookup's own parameter, as a list command's option sets its operation's.
                options.operationValues[CatalogOperation.lookupParameter.name] = id
            },
        ]

    private static let afterListCommands: [CommandLineOption] = [
        CommandLineOption(choosing: .history, help: "print recent searches (--json for a JSON array)") { options, _ in
            options.showHistory = true
        },
        CommandLineOption("--clear-history", help: "forget recent searches") { options, _ in
            options.clearHistory = true
        },
        CommandLineOption(
            "--settings", help: "print the settings in effect and where each comes from (see Settings file below)"
        ) { options, _ in options.showSettings = true },
        CommandLineOption(
            "--listen", value: .required("HOST:PORT"), scopes: [.serve],
            help: "with serve: the address to listen on (default 127.0.0.1:8990; port 0 picks a free one);",
            "an address other than loopback needs a token (MVSEARCH_SERVE_TOKEN or --token-file)"
        ) { options, argument throws(UsageError) in options.listen = try argument.text() },
        CommandLineOption(
            "--token-file", value: .required("FILE"), scopes: [.serve],
            help: "with serve: every request must carry Authorization: Bearer <the file's first line>"
        ) { options, argument throws(UsageError) in options.tokenFile = try argument.text() },
        CommandLineOption(
            "--cors", value: .required("ORIGIN"), scopes: [.serve],
            help: "with serve: let pages of this web origin read the answers (no CORS headers otherwise)"
        ) { options, argument throws(UsageError) in options.corsOrigin = try argument.text() },
        CommandLineOption("--verbose", short: "-v", help: "one line on stderr per request") { options, _ in
            options.verbose = true
        },
        CommandLineOption("--help", short: "-h", help: "show this help") { options, _ in options.action = .help },
        CommandLineOption("--version", help: "show the version") { options, _ in options.action = .version },
    ]
}
