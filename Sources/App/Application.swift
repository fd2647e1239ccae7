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

    /// - Returns: The command's status, or 74 when its output could not be written (the run
    ///   then says why on stderr).
    func run() async -> ExitStatus {
        let status: ExitStatus
        do {
            status = await run(try CommandLineParser.parse(arguments))
        } catch {
            status = fail(error)
        }
        return checked(status)
    }

    /// Runs a command already parsed (`main` parses once, to run `--help` without the rest).
    func run(_ command: Command) async -> ExitStatus {
        switch command {
        case .help:
            console.output.write(HelpText.usage(width: console.outputIsTerminal ? console.width : 80))
            return .success
        case .version:
            console.output.write(HelpText.version + "\n")
            return .success
        case .search(let options):
            let settingsFile: LoadedSettingsFile
            do {
                settingsFile = try loadSettingsFile()
            } catch {
                return fail(error)
            }
            do {
                return await run(
                    try prepare(options, settingsFile: settingsFile), options: options,
                    hints: CommandLineHintPhrasing(arguments: arguments, options: options))
            } catch {
                return fail(error)
            }
        }
    }

    /// The settings file, when there is one; one warning when it is not used.
    /// - Throws: `SettingsFileError` for a bad line.
    private func loadSettingsFile() throws(SettingsFileError) -> LoadedSettingsFile {
        let file = try LoadedSettingsFile.load(environment: environment)
        if case .refused(let reason) = file.status {
            console.diagnostics.write(
                "mvsearch: not using the settings file: \(TerminalSanitizer.sanitize(reason)) — "
                    + "use a regular file of your own that only you can write (chmod 600), or remove it; using the defaults\n"
            )
        }
        return file
    }

    /// The status, or 74 when the output could not be written or the input could not be read
    /// (then said on stderr).
    func checked(_ status: ExitStatus) -> ExitStatus {
        // A terminal that hung up failed the reads and writes on it: that is the hangup, said by
        // its status alone (nothing can be shown on it).
        guard status != .hangUp else { return status }
        if let output = console.output as? any CheckedOutput, let failure = output.failure {
            console.diagnostics.write("mvsearch: cannot write the results — \(failure)\n")
            return .ioError
        }
        if let input = console.input as? any CheckedInput, let failure = input.failure {
            console.diagnostics.write(
                "mvsearch: cannot read the commands: \(failure) — check what feeds standard input\n")
            return .ioError
        }
        return status
    }

    /// Every check of the command line, in the order a user fixes them: which flow, the
    /// settings, then the query. Nothing has been made yet when one fails.
    /// - Parameter settingsFile: The settings file, read and checked.
    func prepare(_ options: SearchOptions, settingsFile: LoadedSettingsFile = .noFile) throws(UsageError)
        -> (Invocation, AppConfiguration)
    {
        let route = try Invocation.route(for: options, inputIsTerminal: console.inputIsTerminal)
        let configuration = try AppConfiguration(
            options: options, environment: environment, settingsFile: settingsFile,
            outputIsTerminal: console.outputIsTerminal)
        let invocation = try Invocation(
            route: route, options: options, configuration: configuration, outputIsTerminal: console.outputIsTerminal)
        return (invocation, configuration)
    }

    private func run(
        _ prepared: (Invocation, AppConfiguration), options: SearchOptions, hints: CommandLineHintPhrasing
    ) async -> ExitStatus {
        let (invocation, configuration) = prepared
        switch invocation.flow {
        case .settings:
            console.output.write(SettingsReport.text(configuration.settings))
            return .success
        case .service(let frontEnd):
            return await ServiceFrontEnds.run(
                frontEnd, options: options, configuration: configuration, environment: environment, console: console,
                overrides: overrides)
        default: break
        }
        let appContainer = AppDIContainer(
            configuration: configuration, console: console, overrides: overrides, commandLineHints: hints)
        if invocation.flow.usesCache, let refusal = appContainer.offlineCacheRefusal() {
            console.diagnostics.write(
                "mvsearch: --offline cannot use the response cache: \(TerminalSanitizer.sanitize(refusal))"
                    + " — run without --offline\n")
            return .unavailable
        }
        let coordinator = AppFlowCoordinator(sceneContainer: appContainer.makeMusicVideosSceneDIContainer())
        let status: ExitStatus
        if invocation.flow.isSession {
            // Each request its own wait (RequestScope).
            status = await run(invocation, coordinator: coordinator, configuration: configuration)
        } else if let showWaitDetail = console.showWaitDetail {
            // One command, one wait at a time: its retries are said on the spinner's line.
            status = await withRequestProgress(showWaitDetail) {
                await run(invocation, coordinator: coordinator, configuration: configuration)
            }
        } else {
            status = await run(invocation, coordinator: coordinator, configuration: configuration)
        }
        // The results are out; the search's term is saved now (waiting for a lock at most ~2 s).
        await appContainer.recentSearchesRepository.finishSaving()
        return status
    }

    private func run(_ invocation: Invocation, coordinator: AppFlowCoordinator, configuration: AppConfiguration) async
        -> ExitStatus
    {
        let style = invocation.style
        switch invocation.flow {
        case .search(let query):
            return await coordinator.runSearch(query: query, style: style)
        case .lookup(let query):
            return await coordinator.runLookup(query: query, style: style)
        case .list(let list):
            return await coordinator.runList(list, style: style)
        case .interactive(let term, let list, let settings):
            return await coordinator.runInteractive(
                term: term, list: list, settings: settings, style: TextStyle(usesColor: style.usesColor),
                requests: requests, fullScreen: fullScreenOptions(configuration))
        case .pick(let term, let list, let settings):
            return await coordinator.runPick(
                term: term, list: list, settings: settings, style: style, fullScreen: fullScreenOptions(configuration))
        case .history(let asObjects):
            return await coordinator.runHistory(style: style, asObjects: asObjects)
        case .clearHistory:
            return await coordinator.clearHistory()
        case .settings, .service:
            return .success  // run before anything was made
        case .operation(let operation, let arguments):
            return await OperationCommand.run(
                operation, arguments: arguments, style: style,
                services: coordinator.sceneContainer.dependencies.services,
                console: console)
        }
    }

    /// What the terminal allows a full-screen session: none where it cannot move its cursor
    /// (`TERM=dumb`); OSC 8 links except where the terminal is known to show their escape
    /// sequences; the mouse and colour as the settings say, colour the terminal's whatever stdout is.
    private func fullScreenOptions(_ configuration: AppConfiguration) -> FullScreenOptions? {
        let terminalType = environment["TERM"] ?? "dumb"
        guard terminalType != "dumb" else { return nil }
        return FullScreenOptions(
            hyperlinks: terminalType != "linux", mouse: configuration.settings.mouse.value,
            usesColor: configuration.settings.colour.value)
    }

    func fail(_ error: UsageError) -> ExitStatus {
        console.diagnostics.write("mvsearch: \(error.message)\n")
        return .usage
    }

    /// Says what is wrong with the settings file, in one line: 78 (EX_CONFIG).
    func fail(_ error: SettingsFileError) -> ExitStatus {
        console.diagnostics.write("mvsearch: \(error.message)\n")
        return .configurationError
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
