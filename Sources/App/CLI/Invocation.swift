import Catalog
import Domain
import Foundation
import Presentation

/// A command line checked whole, before anything runs: which flow, with which checked query,
/// written how. Every usage error — conflicting options, a term where none is taken, a query
/// that breaks the domain's rules (`--limit 500`) — is found while building it, so no view
/// model is ever made for a command line that cannot run.
struct Invocation {
    /// What runs.
    enum Flow {
        case search(MusicVideoQuery)
        case lookup(MusicVideoLookupQuery)
        case list(PreparedList)
        /// The session, starting on the results for `term` or on `list`.
        case interactive(term: String?, list: PreparedList?, settings: MusicVideosSearchFlowCoordinator.Settings)
        /// The full-screen session on `/dev/tty` (`--pick`), its chosen rows written on stdout.
        case pick(term: String?, list: PreparedList?, settings: MusicVideosSearchFlowCoordinator.Settings)
        case history(asObjects: Bool)
        case clearHistory
        /// `--settings`: the settings in effect, and where each comes from.
        case settings
        /// `mvsearch serve` / `mvsearch mcp`: the catalogue's operations for other programs.
        case service(FrontEnd)
        /// An operation with no flow of its own, run through Catalog and written once.
        case operation(CatalogOperation, OperationArguments)

        /// Whether it runs a session (`-i`, `--pick`), each request with a wait of its own.
        var isSession: Bool {
            switch self {
            case .interactive, .pick: true
            default: false
            }
        }

        /// Whether it asks the service (or the response cache) anything.
        var usesCache: Bool {
            switch self {
            case .search, .lookup, .list, .interactive, .pick, .service, .operation: true
            case .history, .clearHistory, .settings: false
            }
        }
    }

    /// Which flow the options ask for, before the settings are resolved.
    enum Route: Equatable {
        case search
        case lookup(Int)
        case list(ListCommand)
        case interactive, pick, history, clearHistory, settings
        case service(FrontEnd)
        /// An operation the table spells from its declaration alone (`CommandLineOption.generated`).
        case operation(String)
    }

    let flow: Flow
    let style: OutputStyle

    /// Which flow the options ask for: one at most, with a term only where one is taken.
    /// - Parameter inputIsTerminal: Without a term, a terminal's input gets the session.
    /// - Throws: `UsageError`.
    static func route(for options: SearchOptions, inputIsTerminal: Bool) throws(UsageError) -> Route {
        var routes: [(String, Route)] = []
        if let frontEnd = options.frontEnd { routes.append((frontEnd.rawValue, .service(frontEnd))) }
        if let name = options.operationName, let operation = OperationRegistry.standard.operation(named: name) {
            routes.append((operation.optionName, .operation(name)))
        }
        if let id = options.lookupID { routes.append(("--id", .lookup(id))) }
        if options.showHistory { routes.append(("--history", .history)) }
        if options.clearHistory { routes.append(("--clear-history", .clearHistory)) }
        if options.showSettings { routes.append(("--settings", .settings)) }
        if options.interactive { routes.append(("--interactive", .interactive)) }
        if options.pick { routes.append(("--pick", .pick)) }
        let inSession = options.interactive || options.pick
        if let list = options.listCommand, !inSession { routes.append((list.option.long, .list(list))) }
        guard routes.count <= 1 else {
            throw UsageError("\(routes.map(\.0).joined(separator: " and ")) cannot be used together — choose one")
        }
        // A list command's own options (`--genre`) shape only its list.
        for command in ListCommand.all where command != options.listCommand {
            if let own = command.options.first(where: { option in
                option.parameter.map { options.operationValues[$0] != nil } ?? false
            }) {
                throw UsageError(
                    "\(own.long) applies only to \(command.option.long) — add \(command.option.long) or drop it")
            }
        }
        try checkOrderApplies(options, to: routes.first)
        if let list = options.listCommand {
            switch list.operand {
            case .term where options.termWords.isEmpty:
                let interactive = options.interactive ? "-i " : options.pick ? "--pick " : ""
                throw UsageError(
                    "\(interactive)\(list.option.long) needs a search term — usage: mvsearch \(interactive)\(list.synopsis)"
                )
            case .none where !options.termWords.isEmpty:
                throw termNotTaken(by: list.option.long, options)
            default: break
            }
        }
        if let name = options.operationName, let operation = OperationRegistry.standard.operation(named: name) {
            let takesTerm = operation.parameters.contains { $0.commandLine == .words }
            if takesTerm && options.termWords.isEmpty {
                throw UsageError("\(operation.optionName) needs a search term — see mvsearch --help")
            }
            if !takesTerm && !options.termWords.isEmpty { throw termNotTaken(by: operation.optionName, options) }
            // An option that sets a parameter the operation does not declare would be ignored.
            let refused = CommandLineOption.all.filter { option in
                guard let parameter = option.parameter, options.given.contains(option.long) else { return false }
                return operation.parameter(parameter) == nil
            }.map(\.long)
            if !refused.isEmpty {
                let one = refused.count == 1
                throw UsageError(
                    "\(refused.joined(separator: " and ")) \(one ? "does" : "do") not apply to \(operation.optionName)"
                        + " — drop \(one ? "it" : "them")")
            }
        }
        let route: Route
        if let (name, chosen) = routes.first {
            switch chosen {
            case .interactive, .pick, .list, .operation: break
            default: guard options.termWords.isEmpty else { throw termNotTaken(by: name, options) }
            }
            route = chosen
        } else if options.termWords.isEmpty {
            guard inputIsTerminal else {
                throw UsageError("no search term given — usage: mvsearch [options] <term>..., or see mvsearch --help")
            }
            route = .interactive
        } else {
            route = .search
        }
        try checkOptionsApply(options, to: route, named: routes.first?.0)
        return route
    }

    private static func termNotTaken(by name: String, _ options: SearchOptions) -> UsageError {
        UsageError("\(name) takes no search term — remove \(CommandLineParser.quoted(options.term))")
    }

    /// `--sort` orders one-shot lists of videos: a search's, `--artist-id`'s, `--top`'s. Anywhere
    /// else (artists, one video, the history, the session) it would be silently ignored; and
    /// `--reverse` only turns a `--sort` round.
    private static func checkOrderApplies(_ options: SearchOptions, to route: (name: String, route: Route)?)
        throws(UsageError)
    {
        guard let sort = options.sort else {
            guard !options.reverse else {
                throw UsageError(
                    "--reverse turns --sort's order round — add --sort "
                        + MusicVideoOrder.Key.allCases.map(\.rawValue).joined(separator: "|"))
            }
            return
        }
        let place: String
        if let list = options.listCommand {
            guard !list.rowsAreVideos || options.interactive || options.pick else { return }
            place = options.interactive ? "--interactive" : options.pick ? "--pick" : list.option.long
        } else if let route {
            place = route.name
        } else {
            return
        }
        throw UsageError(
            "--sort \(sort.rawValue) does not apply to \(place): it orders lists of videos written once — drop it")
    }

    /// The arguments of an operation run from its declaration alone: what the shared options
    /// and its own (`options.operationInputs`, as typed) say, checked as every front end checks them.
    private static func arguments(of operation: CatalogOperation, _ list: ListArguments, options: SearchOptions)
        throws(UsageError) -> OperationArguments
    {
        let typed = list.operationArguments(for: operation)
        var inputs: [(name: String, value: ArgumentInput)] = []
        for parameter in operation.parameters {
            if let text = options.operationInputs[parameter.name] {
                inputs.append((parameter.name, .text(text)))
            } else if let value = typed.values[parameter.name] {
                switch value {
                case .text(let text): inputs.append((parameter.name, .text(text)))
                case .integer(let number): inputs.append((parameter.name, .integer(number)))
                case .boolean(let flag): inputs.append((parameter.name, .boolean(flag)))
                }
            }
        }
        do {
            return try operation.arguments(
                inputs, defaults: OperationDefaults(country: list.country, limit: list.limit))
        } catch {
            let flag = operation.parameters.first { $0.name == error.parameterName }?.flag
            throw UsageError((flag.map { "option \($0): " } ?? "") + error.message + " — see mvsearch --help")
        }
    }

    /// - Parameters:
    ///   - route: What `route(for:inputIsTerminal:)` chose.
    ///   - options: The parsed options.
    ///   - configuration: The run's resolved settings (the country, the limit, the format, colour).
    ///   - outputIsTerminal: Whether standard output is a terminal (the default format, colour).
    /// - Throws: `UsageError` for unknown JSON fields or a query that breaks the domain's rules.
    init(route: Route, options: SearchOptions, configuration: AppConfiguration, outputIsTerminal: Bool)
        throws(UsageError)
    {
        // The picker's rows are plain lines unless a format is chosen, even on a terminal (as fzf's).
        var style = OutputStyle(settings: configuration.settings, outputIsTerminal: outputIsTerminal && route != .pick)
        style.order = options.sort.map { MusicVideoOrder($0, reversed: options.reverse) }
        style.selectsOnlyRow = options.selectOne
        var historyAsObjects = false
        if case .history = route {
            historyAsObjects = try JSONFields.historyFields(options.jsonFields)
        } else if case .operation = route {
            // The operation's own rows: checked with its declaration below.
        } else if let command = options.listCommand, command.rowsAreVideos || !options.pick {
            // The picker prints videos: a list of artists (--pick --artists) only leads to them.
            style.jsonFields = try JSONFields.fields(options.jsonFields, of: command)
        } else {
            style.jsonFields = try JSONFields.videoFields(options.jsonFields)
        }
        let country = configuration.country
        let limit = configuration.limit
        let arguments = ListArguments(term: options.term, country: country, limit: limit, options: options)
        switch route {
        case .search:
            let search = arguments.operationArguments(for: .search)
            flow = .search(
                try UsageError.checked { () throws(QueryProblem) in try CatalogOperation.searchQuery(search) })
        case .lookup:
            let lookup = arguments.operationArguments(for: .lookup)
            flow = .lookup(
                try UsageError.checked { () throws(QueryProblem) in try CatalogOperation.lookupQuery(lookup) })
        case .list(let command):
            flow = .list(try command.prepare(arguments))
        case .interactive, .pick:
            let settings = MusicVideosSearchFlowCoordinator.Settings(
                country: try UsageError.checked { () throws(QueryProblem) in try QueryValidation.country(country) },
                limit: try UsageError.checked { () throws(QueryProblem) in try QueryValidation.limit(limit) },
                attribute: options.attribute, allowsExplicit: options.allowsExplicit)
            let list = try options.listCommand.map { command throws(UsageError) in try command.prepare(arguments) }
            let term = options.termWords.isEmpty ? nil : options.term
            flow =
                route == .pick
                ? .pick(term: term, list: list, settings: settings)
                : .interactive(term: term, list: list, settings: settings)
        case .history:
            flow = .history(asObjects: historyAsObjects)
        case .clearHistory:
            flow = .clearHistory
        case .settings:
            flow = .settings
        case .service(let frontEnd):
            flow = .service(frontEnd)
        case .operation(let name):
            guard let operation = OperationRegistry.standard.operation(named: name) else {
                throw UsageError("there is no operation \(name) — see mvsearch --help")
            }
            style.jsonFields = try JSONFields.fields(options.jsonFields, of: operation.rows)
            flow = .operation(operation, try Self.arguments(of: operation, arguments, options: options))
        }
        self.style = style
    }
}
