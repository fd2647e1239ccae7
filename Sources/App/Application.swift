import Domain
import Foundation
import Presentation
import TerminalUI

/// One run of mvsearch: parse, configure, compose, run, and give the exit status. `main`
/// passes the real process; tests pass arguments, environment, console and test doubles.
@MainActor
struct Application {
    let arguments: [String]
    let environment: [String: String]
    let console: Console
    /// Test doubles for the app's seams.
    var overrides = AppDIContainer.Overrides()
    /// The interactive session's current request, which Ctrl-C cancels.
    var requests = RequestScope()

    /// What a search-like command line asks for.
    private enum Route {
        case search
        case lookup(Int)
        case artist(Int)
        case list(ListCommand)
        case interactive
        case history
        case clearHistory

        /// Whether it asks the service (or the response cache) anything.
        var usesCache: Bool {
            switch self {
            case .search, .lookup, .artist, .list, .interactive: true
            case .history, .clearHistory: false
            }
        }
    }

    /// - Returns: The command's status, or 74 when its output could not be written (the run
    ///   then says why on stderr).
    func run() async -> ExitStatus {
        let status = await runCommand()
        guard let output = console.output as? any CheckedOutput, let failure = output.failure else { return status }
        console.diagnostics.write("mvsearch: cannot write the results — \(failure)\n")
        return .ioError
    }

    private func runCommand() async -> ExitStatus {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            return fail(error)
        }
        switch command {
        case .help:
            console.output.write(HelpText.usage)
            return .success
        case .version:
            console.output.write(HelpText.version + "\n")
            return .success
        case .search(let options):
            do {
                return await run(options, route: try route(for: options))
            } catch {
                return fail(error)
            }
        }
    }

    private func route(for options: SearchOptions) throws(UsageError) -> Route {
        var routes: [(String, Route)] = []
        if let id = options.lookupID { routes.append(("--id", .lookup(id))) }
        if let id = options.artistID { routes.append(("--artist-id", .artist(id))) }
        if options.showHistory { routes.append(("--history", .history)) }
        if options.clearHistory { routes.append(("--clear-history", .clearHistory)) }
        if options.interactive { routes.append(("--interactive", .interactive)) }
        if let list = options.listCommand, !options.interactive {
            routes.append((list.option.long, .list(list)))
        }
        guard routes.count <= 1 else {
            throw UsageError("\(routes.map(\.0).joined(separator: " and ")) cannot be used together — choose one")
        }
        try checkQueryOptionsApply(options, to: routes.first)
        if let list = options.listCommand, options.interactive, options.termWords.isEmpty {
            // The session's search screen finds music videos: without a term the option would
            // be silently dropped.
            throw UsageError(
                "-i \(list.option.long) needs a search term — usage: mvsearch -i \(list.option.long) <term>...")
        }
        if let (name, route) = routes.first {
            if case .interactive = route { return route }
            if case .list = route { return route }
            guard options.termWords.isEmpty else {
                throw UsageError("\(name) takes no search term — remove \(CommandLineParser.quoted(options.term))")
            }
            return route
        }
        if options.termWords.isEmpty {
            guard console.inputIsTerminal else {
                throw UsageError("no search term given — usage: mvsearch [options] <term>..., or see mvsearch --help")
            }
            return .interactive
        }
        return .search
    }

    /// `--by`, `--no-explicit` and `--offset` shape a search for music videos; anywhere else
    /// they would be silently ignored and the results would not be what was asked for.
    /// (`--limit` and `--country` are settings some routes have no use for and an alias may
    /// always pass, so those are not refused.)
    private func checkQueryOptionsApply(
        _ options: SearchOptions, to route: (name: String, route: Route)?
    ) throws(UsageError) {
        let given = [
            ("--by", options.attribute != .any), ("--no-explicit", !options.allowsExplicit),
            ("--offset", options.offset != nil),
        ].filter(\.1).map(\.0)
        var allowed: Set<String> = []
        let place: String
        if let list = options.listCommand {
            place = list.option.long
        } else if let route {
            place = route.name
            if case .interactive = route.route { allowed = ["--by", "--no-explicit"] }
        } else {
            return
        }
        let refused = given.filter { !allowed.contains($0) }
        guard !refused.isEmpty else { return }
        let one = refused.count == 1
        throw UsageError(
            "\(refused.joined(separator: " and ")) \(one ? "does" : "do") not apply to \(place) — drop \(one ? "it" : "them")"
        )
    }

    private func run(_ options: SearchOptions, route: Route) async -> ExitStatus {
        let configuration: AppConfiguration
        do {
            configuration = try AppConfiguration(options: options, environment: environment)
        } catch {
            return fail(error)
        }
        let appContainer = AppDIContainer(configuration: configuration, console: console, overrides: overrides)
        if route.usesCache, let refusal = appContainer.offlineCacheRefusal() {
            console.diagnostics.write(
                "mvsearch: --offline cannot use the response cache: \(TerminalSanitizer.sanitize(refusal))"
                    + " — run without --offline\n")
            return .unavailable
        }
        let status = await run(
            options, route: route, configuration: configuration,
            coordinator: AppFlowCoordinator(sceneContainer: appContainer.makeMusicVideosSceneDIContainer()))
        // The results are out; the search's term is saved now (waiting for a lock at most ~2 s).
        await appContainer.recentSearchesRepository.finishSaving()
        return status
    }

    private func run(
        _ options: SearchOptions, route: Route, configuration: AppConfiguration, coordinator: AppFlowCoordinator
    ) async -> ExitStatus {
        var style = OutputStyle(options: options, outputIsTerminal: console.outputIsTerminal, environment: environment)
        let historyAsObjects: Bool
        do {
            if case .history = route {
                historyAsObjects = try JSONFields.historyFields(options.jsonFields)
            } else if let list = options.listCommand {
                historyAsObjects = false
                style.jsonFields = try JSONFields.fields(options.jsonFields, of: list)
            } else {
                historyAsObjects = false
                style.jsonFields = try JSONFields.videoFields(options.jsonFields)
            }
        } catch {
            return fail(error)
        }
        let limit = options.limit ?? MusicVideoQuery.defaultLimit
        switch route {
        case .search:
            let query = MusicVideoQuery(
                term: options.term, country: configuration.country, limit: limit, offset: options.offset ?? 0,
                attribute: options.attribute, allowsExplicit: options.allowsExplicit)
            return await coordinator.runSearch(query: query, style: style)
        case .lookup(let id):
            return await coordinator.runLookup(
                query: MusicVideoLookupQuery(id: id, country: configuration.country), style: style)
        case .artist(let id):
            let query = ArtistMusicVideosQuery(artistID: id, country: configuration.country, limit: limit)
            return await coordinator.runArtistVideos(query: query, style: style)
        case .list(let list):
            let query = TermQuery(term: options.term, country: configuration.country, limit: limit)
            return await coordinator.runList(list, query: query, style: style)
        case .interactive:
            let settings = MusicVideosSearchFlowCoordinator.Settings(
                country: configuration.country, limit: limit, attribute: options.attribute,
                allowsExplicit: options.allowsExplicit)
            let term = options.termWords.isEmpty ? nil : options.term
            // Full screen only where the terminal can move its cursor; OSC 8 links, except where
            // the terminal is known to show their escape sequences.
            let terminalType = environment["TERM"] ?? "dumb"
            let hyperlinks = !["dumb", "linux"].contains(terminalType)
            return await coordinator.runInteractive(
                term: term, list: options.listCommand, settings: settings,
                style: TextStyle(usesColor: style.usesColor), requests: requests,
                fullScreen: terminalType != "dumb" ? FullScreenOptions(hyperlinks: hyperlinks) : nil)
        case .history:
            return await coordinator.runHistory(style: style, asObjects: historyAsObjects)
        case .clearHistory:
            return await coordinator.clearHistory()
        }
    }

    private func fail(_ error: UsageError) -> ExitStatus {
        console.diagnostics.write("mvsearch: \(error.message)\n")
        return .usage
    }
}

extension Application {
    /// The whole app over a test's (or a tool's) streams: `Application(arguments: ["jack"],
    /// console: CapturingConsole(), overrides: …)`.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The variables the run sees; none by default.
    ///   - console: Output, diagnostics and input.
    ///   - overrides: Test doubles for the app's seams.
    init(
        arguments: [String], environment: [String: String] = [:], console: any ConsoleStreams,
        overrides: AppDIContainer.Overrides = AppDIContainer.Overrides()
    ) {
        self.init(arguments: arguments, environment: environment, console: Console(console), overrides: overrides)
    }
}
