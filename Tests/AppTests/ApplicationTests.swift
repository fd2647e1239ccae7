import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// The whole app, composed by its DI containers, with one seam replaced by a double.
@MainActor
@Suite("The application, composed with test doubles")
struct ApplicationTests {
    private struct Run {
        let status: App.ExitStatus
        let output: String
        let diagnostics: String
    }

    private func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        outputIsTerminal: Bool = false,
        overrides: AppDIContainer.Overrides
    ) async -> Run {
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console.piped(output: output, diagnostics: diagnostics, outputIsTerminal: outputIsTerminal)
        // Nothing a test does may touch the user's recent searches or response cache.
        var overrides = overrides
        overrides.recentSearchesRepository = overrides.recentSearchesRepository ?? InMemoryRecentSearchesRepository()
        overrides.responseCacheStore = overrides.responseCacheStore ?? InMemoryResponseCacheStore()
        let application = Application(
            arguments: arguments, environment: isolatedEnvironment(environment), console: console, overrides: overrides)
        let status = await application.run()
        return Run(status: status, output: output.text, diagnostics: diagnostics.text)
    }

    @Test("With a mock repository, a search prints plain lines when not on a terminal and exits 0")
    func mockRepository() async {
        let repository = MockMusicVideosRepository.returning([.stub(id: 1), .stub(id: 2)])
        let result = await run(["jack", "johnson", "-c", "gb"], overrides: .init(musicVideosRepository: repository))
        #expect(result.status == .success)
        #expect(result.output.split(separator: "\n").count == 2)
        #expect(result.diagnostics.isEmpty)
        #expect(repository.searchedQueries.map(\.term) == ["jack johnson"])
        #expect(repository.searchedQueries.map(\.country) == ["GB"])
    }

    @Test(
        "Given --by, --no-explicit or --offset where no video search takes them, then 64 naming them, and no request",
        arguments: [
            (["--id", "5", "--no-explicit"], "--no-explicit does not apply to --id — drop it"),
            (
                ["--artist-id", "5", "--by", "song", "--offset", "5"],
                "--offset and --by do not apply to --artist-id — drop them"
            ),
            (["--artists", "--by", "song", "clairo"], "--by does not apply to --artists — drop it"),
            (["--history", "--offset", "3"], "--offset does not apply to --history — drop it"),
            (["-i", "--offset", "5", "x"], "--offset does not apply to --interactive — drop it"),
            (["-i", "--artists"], "-i --artists needs a search term — usage: mvsearch -i --artists <term>..."),
        ])
    func queryOptionsThatDoNotApply(arguments: [String], message: String) async {
        let repository = MockMusicVideosRepository.returning([])
        let result = await run(arguments, overrides: .init(musicVideosRepository: repository))
        #expect(result.status == .usage)
        #expect(result.diagnostics == "mvsearch: \(message)\n")
        #expect(repository.searchedQueries.isEmpty)
    }

    @Test(
        "Given an option typed for a run it does not shape, then 64 naming both, and nothing runs",
        arguments: [
            (["--limit", "5", "--history"], "--limit does not apply to --history — drop it"),
            (["-c", "gb", "--history"], "--country does not apply to --history — drop it"),
            (["--timeout", "5", "--settings"], "--timeout does not apply to --settings — drop it"),
            (["--settings", "--json"], "--json does not apply to --settings — drop it"),
            (["--id", "5001", "--limit", "3"], "--limit does not apply to --id — drop it"),
            (["-i", "--json", "clairo"], "--json does not apply to --interactive — drop it"),
            (["--clear-history", "--json"], "--json does not apply to --clear-history — drop it"),
            (["--clear-history", "--offline"], "--offline does not apply to --clear-history — drop it"),
            (["--no-mouse", "clairo"], "--no-mouse does not apply to a search — drop it"),
            (["-i", "--artists", "--format", "json", "x"], "--format does not apply to --interactive — drop it"),
        ])
    func optionsThatDoNotApply(arguments: [String], message: String) async {
        let repository = MockMusicVideosRepository.returning([.stub()])
        let recent = InMemoryRecentSearchesRepository()
        let result = await run(
            arguments, overrides: .init(musicVideosRepository: repository, recentSearchesRepository: recent))
        #expect(result.status == .usage)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics == "mvsearch: \(message)\n")
        #expect(repository.searchedQueries.isEmpty)
    }

    @Test(
        "Given options that shape the run, then they are taken: --history's formats, --settings' settings",
        arguments: [
            ["--history", "--json"], ["--history", "--format", "plain"], ["--history", "--json", "term"],
            ["--settings", "-c", "gb", "-l", "5", "--format", "json", "--no-mouse"], ["-v", "--no-color", "--history"],
        ])
    func optionsThatApply(arguments: [String]) async {
        let result = await run(arguments, overrides: .init())
        #expect(result.status == .success, "\(result.diagnostics)")
        #expect(result.diagnostics.isEmpty)
    }

    @Test("On a terminal the default format is a table, coloured unless NO_COLOR is set")
    func tableOnTerminal() async {
        let repository = MockMusicVideosRepository.returning([.stub()])
        let coloured = await run(["x"], outputIsTerminal: true, overrides: .init(musicVideosRepository: repository))
        #expect(coloured.output.contains("Title"))
        #expect(coloured.output.contains("\u{1B}["))
        let plain = await run(
            ["x"], environment: ["NO_COLOR": "1"], outputIsTerminal: true,
            overrides: .init(musicVideosRepository: repository))
        #expect(plain.output.contains("Title"))
        #expect(!plain.output.contains("\u{1B}"))
    }

    @Test("Nothing found exits 1 with one line on stderr and nothing on stdout")
    func nothingFound() async {
        let result = await run(["x"], overrides: .init(musicVideosRepository: MockMusicVideosRepository.returning([])))
        #expect(result.status == .noResults)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics.hasPrefix("mvsearch: no music videos found"))
    }

    @Test(
        "Bad command lines exit 64 before any request is sent",
        arguments: [
            ["-l", "0", "x"], ["-l", "201", "x"], ["-l", "-1", "x"], ["-l", "abc", "x"], ["-c", "usa", "x"],
            ["-c", "1x", "x"],
            ["--bogus", "x"], ["--format", "yaml", "x"], [""], ["   "], [], ["-l"], ["--timeout", "0", "x"],
            ["--base-url", "ftp://127.0.0.1/", "x"], ["--base-url", "not a url", "x"],
            ["--base-url", "http://example.com/", "x"],
            ["--offset", "-3", "x"], [String(repeating: "a", count: 501)],
        ])
    func badCommandLines(arguments: [String]) async {
        // A session manager with no handler fails the test if any request is made.
        let result = await run(arguments, overrides: .init(sessionManager: MockNetworkSessionManager()))
        #expect(result.status == .usage)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics.hasPrefix("mvsearch: "))
        #expect(result.diagnostics.filter { $0 == "\n" }.count == 1)
    }

    @Test("A mock session manager sees the request the real chain builds")
    func mockSessionManager() async throws {
        let body = Data(
            #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"music-video","trackId":5,"trackName":"t"}]}"#
                .utf8)
        let sessionManager = MockNetworkSessionManager.answering(body: body)
        let result = await run(
            ["a+b", "--base-url", "http://127.0.0.1:1/"], overrides: .init(sessionManager: sessionManager))
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("5\t"))
        let url = try #require(sessionManager.requests.first?.url)
        #expect(
            url.absoluteString
                == "http://127.0.0.1:1/search?term=a%2Bb&media=musicVideo&entity=musicVideo&country=US&limit=25")
    }

    @Test("--offset past the end says there are no more results and exits 1")
    func offsetPastTheEnd() async {
        let result = await run(
            ["x", "--offset", "50"], overrides: .init(musicVideosRepository: MockMusicVideosRepository.returning([])))
        #expect(result.status == .noResults)
        #expect(result.output.isEmpty)
        #expect(
            result.diagnostics
                == "mvsearch: no more music videos for \"x\" after the first 50 — use a smaller --offset, or other words\n"
        )
    }

    @Test("With --offset, the table's row numbers continue from it: --offset 25 starts at 26")
    func offsetNumbers() async {
        let repository = MockMusicVideosRepository.returning([.stub(id: 1), .stub(id: 2)])
        let result = await run(
            ["x", "--offset", "25", "--format", "table"], overrides: .init(musicVideosRepository: repository))
        let numbers = result.output.split(separator: "\n").dropFirst().map { $0.prefix(2) }
        #expect(numbers == ["26", "27"])
    }

    @Test(
        "--clear-history that could not remove the file says why and exits 73 (not allowed), 74 (I/O) or 75 (locked)",
        arguments: [
            (
                RecentSearchesError.Kind.notPermitted, App.ExitStatus.cannotCreate,
                "remove the file yourself, or fix the folder's owner and permissions"
            ),
            (.inputOutput, .ioError, "remove the file yourself, or fix the folder's owner and permissions"),
            (.busy, .temporaryFailure, "try again in a moment"),
        ])
    func clearHistoryFails(kind: RecentSearchesError.Kind, status: App.ExitStatus, advice: String) async {
        let recent = InMemoryRecentSearchesRepository(["kept"])
        await recent.failClearing(with: RecentSearchesError(kind, reason: "/s/recent-searches.json: no way"))
        let result = await run(["--clear-history"], overrides: .init(recentSearchesRepository: recent))
        #expect(result.status == status)
        #expect(result.output.isEmpty)
        #expect(
            result.diagnostics
                == "mvsearch: cannot clear the recent searches: /s/recent-searches.json: no way — \(advice)\n")
        #expect(await recent.terms == ["kept"])
    }

    @Test("--help and --version print to stdout and exit 0")
    func helpAndVersion() async {
        let help = await run(["--help"], overrides: .init())
        #expect(help.status == .success)
        #expect(help.output == HelpText.usage)
        let version = await run(["--version"], overrides: .init())
        #expect(version.output == "mvsearch 0.1.0\n")
        #expect(help.diagnostics.isEmpty && version.diagnostics.isEmpty)
    }

    @Test("--verbose logs one line per request, retries included, then the one error line")
    func verbose() async {
        let sessionManager = MockNetworkSessionManager.answering(status: 503)
        let result = await run(
            ["x", "-v", "--retries", "1", "--base-url", "http://127.0.0.1:1/"],
            overrides: .init(sessionManager: sessionManager))
        let lines = result.diagnostics.split(separator: "\n")
        #expect(result.status == .unavailable)
        #expect(lines.count == 3)
        #expect(sessionManager.requests.count == 2)
        for line in lines.prefix(2) {
            #expect(line.hasPrefix("mvsearch: GET http://127.0.0.1:1/search?term=x"))
            #expect(line.contains("→ 503, 0 bytes"))
        }
        #expect(lines.last?.contains("unavailable (HTTP 503)") == true)
    }

    @Test(
        "--retries 0 makes exactly one request; out of range is a usage error",
        arguments: [("0", 1), ("6", 0), ("-1", 0)])
    func retries(value: String, requests: Int) async {
        let sessionManager =
            requests == 0 ? MockNetworkSessionManager() : MockNetworkSessionManager.answering(status: 500)
        let result = await run(
            ["x", "--retries", value, "--base-url", "http://127.0.0.1:1/"],
            overrides: .init(sessionManager: sessionManager))
        #expect(sessionManager.requests.count == requests)
        #expect(result.status == (requests == 0 ? .usage : .unavailable))
    }
}
