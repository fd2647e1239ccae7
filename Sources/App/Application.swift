import Domain
import Foundation
import Presentation

/// One run of mvsearch: parse, configure, compose, run, and give the exit status. `main`
/// passes the real process; tests pass arguments, environment, console and test doubles.
@MainActor
struct Application {
    let arguments: [String]
    let environment: [String: String]
    let console: Console
    /// Test doubles for the app's seams.
    var overrides = AppDIContainer.Overrides()

    func run() async -> ExitStatus {
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
            return await search(options)
        }
    }

    private func search(_ options: SearchOptions) async -> ExitStatus {
        let configuration: AppConfiguration
        do {
            configuration = try AppConfiguration(options: options, environment: environment)
        } catch {
            return fail(error)
        }
        guard !options.termWords.isEmpty else {
            return fail(
                UsageError("no search term given — usage: mvsearch [options] <term>..., or see mvsearch --help"))
        }
        let query = MusicVideoQuery(
            term: options.term,
            country: configuration.country,
            limit: options.limit ?? MusicVideoQuery.defaultLimit,
            offset: options.offset ?? 0,
            attribute: options.attribute,
            allowsExplicit: options.allowsExplicit
        )
        let appContainer = AppDIContainer(configuration: configuration, console: console, overrides: overrides)
        let coordinator = AppFlowCoordinator(sceneContainer: appContainer.makeMusicVideosSceneDIContainer())
        let style = OutputStyle(options: options, outputIsTerminal: console.outputIsTerminal, environment: environment)
        return await coordinator.runSearch(query: query, style: style)
    }

    private func fail(_ error: UsageError) -> ExitStatus {
        console.diagnostics.write("mvsearch: \(error.message)\n")
        return .usage
    }
}
