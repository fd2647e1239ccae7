import Catalog
import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// An operation declared in Catalog and nothing more (`genres`) runs on the command line as
/// every other command does: its flag, its formats, its usage errors, its exit status.
@MainActor
@Suite("An operation with no flow of its own, on the command line")
struct OperationCommandTests {
    private func run(_ arguments: [String], outputIsTerminal: Bool = false) async -> (App.ExitStatus, String, String) {
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console.piped(output: output, diagnostics: diagnostics, outputIsTerminal: outputIsTerminal)
        let overrides = AppDIContainer.Overrides(
            sessionManager: MockNetworkSessionManager(), recentSearchesRepository: InMemoryRecentSearchesRepository(),
            responseCacheStore: InMemoryResponseCacheStore())
        let status = await Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console, overrides: overrides
        ).run()
        return (status, output.text, diagnostics.text)
    }

    @Test("Given --genres piped, then one tab-separated line a genre and 0; --json id keeps the ids")
    func genres() async {
        let (status, output, diagnostics) = await run(["--genres"])
        #expect(status == .success)
        #expect(output.hasPrefix("14\tPop\n21\tRock\n"))
        #expect(output.split(separator: "\n").count == ChartGenre.musicVideoCharts.count)
        #expect(diagnostics.isEmpty)
        let (_, json, _) = await run(["--genres", "--json", "id"])
        // Laid out as a search's `--json` is: one object a line, in one array.
        #expect(json.hasPrefix("[\n  {\"id\":14},\n  {\"id\":21},\n"))
        #expect(json.hasSuffix("}\n]\n"))
        let (_, table, _) = await run(["--genres"], outputIsTerminal: true)
        #expect(table.hasPrefix("id  name\n14  Pop\n"))
    }

    @Test("Given a term, an option it does not take, another command or an unknown field, then 64 naming it")
    func usage() async {
        let cases: [([String], String)] = [
            (["--genres", "pop"], "mvsearch: --genres takes no search term — remove 'pop'\n"),
            (["--genres", "-l", "3"], "mvsearch: --limit does not apply to --genres — drop it\n"),
            (["--genres", "--top"], "mvsearch: --genres and --top cannot be used together — choose one\n"),
            (
                ["--genres", "--json", "id,colour"],
                "mvsearch: unknown JSON field 'colour' for genres — choose from id, name\n"
            ),
        ]
        for (arguments, message) in cases {
            let (status, output, diagnostics) = await run(arguments)
            #expect(status == .usage, "\(arguments)")
            #expect(output.isEmpty)
            #expect(diagnostics == message)
        }
    }

    @Test("Given each outcome, then the exit status follows by one switch")
    func exitStatus() {
        let result = OperationResult(rows: [], schema: .genres)
        #expect(App.ExitStatus(OperationOutcome.found(result)) == .success)
        #expect(App.ExitStatus(OperationOutcome.nothingFound(result)) == .noResults)
        let kinds: [(OperationFailure.Kind, App.ExitStatus)] = [
            (.invalidArgument(parameter: "limit"), .usage), (.rejectedQuery, .usage), (.unreadableAnswer, .dataError),
            (.serviceFailed, .unavailable), (.unavailable, .unavailable),
            (.rateLimited(retryAfter: 3), .temporaryFailure),
            (.timedOut, .temporaryFailure), (.localResources, .systemError), (.cancelled, .interrupted),
        ]
        for (kind, status) in kinds {
            #expect(App.ExitStatus(OperationOutcome.failed(OperationFailure(kind, message: "x"))) == status)
        }
    }
}
