import Domain
import Foundation
import Mocks
import Presentation
import Testing

@testable import App

/// `--top`, composed by the real containers over a mock charts repository.
@MainActor
@Suite("The top music videos chart in the app")
struct TopChartTests {
    private struct Run {
        let status: App.ExitStatus
        let output: String
        let diagnostics: String
    }

    nonisolated static let chart: [MusicVideo] = [
        .stub(id: 1_666_738_524, title: "Flowers", artistName: "Miley Cyrus", duration: 214),
        .stub(id: 1_662_453_386, title: "Kill Bill", artistName: "SZA", duration: 153),
        .stub(id: 1_456_781_234, title: "Are You Bored Yet?", artistName: "Wallows", duration: nil, price: nil),
    ]

    private func run(
        _ arguments: [String], charts: MockMusicVideoChartsRepository = MockMusicVideoChartsRepository(),
        environment: [String: String] = [:], cached: Bool = true
    ) async -> Run {
        let console = CapturingConsole()
        let overrides = AppDIContainer.Overrides(
            musicVideosRepository: MockMusicVideosRepository(), musicArtistsRepository: MockMusicArtistsRepository(),
            musicVideoChartsRepository: charts, recentSearchesRepository: InMemoryRecentSearchesRepository(),
            responseCacheStore: cached ? InMemoryResponseCacheStore() : nil)
        let status = await Application(
            arguments: arguments, environment: environment, console: console, overrides: overrides
        ).run()
        return Run(status: status, output: console.printed, diagnostics: console.reported)
    }

    @Test("--top asks for the US chart of 25 and prints plain lines: the rank, then the video's fields")
    func plain() async {
        let charts = MockMusicVideoChartsRepository.returning(Self.chart)
        let result = await run(["--top"], charts: charts)
        #expect(result.status == .success)
        #expect(result.diagnostics.isEmpty)
        #expect(charts.chartQueries == [ChartQuery(country: "US", limit: 25)])
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "")
        #expect(lines[0].hasPrefix("1\t1666738524\tMiley Cyrus\tFlowers\t2005\t3:34\t"))
        #expect(lines[1].hasPrefix("2\t1662453386\tSZA\tKill Bill\t"))
        #expect(lines[2].hasPrefix("3\t1456781234\tWallows\tAre You Bored Yet?\t"))
        let plain = await run(["--top", "--format", "plain"], charts: .returning(Self.chart))
        #expect(plain.output == result.output)
    }

    @Test("--format table: `#` is the rank, the video's columns after it")
    func table() async {
        let result = await run(["--top", "--format", "table"], charts: .returning(Self.chart))
        #expect(result.status == .success)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("#  Title") && lines[0].hasSuffix("Price"))
        #expect(lines[1].hasPrefix("1  Flowers "))
        #expect(lines[2].hasPrefix("2  Kill Bill "))
        #expect(lines[3].hasPrefix("3  Are You Bored Yet? "))
    }

    @Test("--json and --format jsonl: objects starting with the rank, then every video key")
    func json() async throws {
        let result = await run(["--top", "--json"], charts: .returning(Self.chart))
        #expect(result.status == .success)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["rank"] as? Int } == [1, 2, 3])
        #expect(objects.map { $0["id"] as? Int } == Self.chart.map(\.id))
        #expect(objects.allSatisfy { Set($0.keys) == Set(["rank"] + MusicVideosListItemViewModel.jsonKeys) })
        #expect(result.output.split(separator: "\n")[1].hasPrefix(#"  {"rank":1,"id":1666738524,"title":"Flowers""#))

        let lines = await run(["--top", "--format", "jsonl"], charts: .returning(Self.chart))
        #expect(lines.status == .success)
        let jsonLines = lines.output.split(separator: "\n")
        #expect(jsonLines.count == 3)
        #expect(jsonLines.allSatisfy { $0.hasPrefix("{\"rank\":") })
        #expect(jsonLines[2].hasPrefix(#"{"rank":3,"id":1456781234,"#))
    }

    @Test("--json rank,id,title picks those keys in that order")
    func jsonFields() async {
        let result = await run(["--top", "--json", "rank,id,title"], charts: .returning(Self.chart))
        #expect(result.status == .success)
        #expect(
            result.output == """
                [
                  {"rank":1,"id":1666738524,"title":"Flowers"},
                  {"rank":2,"id":1662453386,"title":"Kill Bill"},
                  {"rank":3,"id":1456781234,"title":"Are You Bored Yet?"}
                ]

                """)
        let refused = await run(["--top", "--json", "rank,name"])
        #expect(refused.status == .usage)
        #expect(refused.diagnostics.hasPrefix("mvsearch: unknown JSON field 'name' for chart entries"))
    }

    @Test("-c gb -l 5 --genre 14 reach the repository as ChartQuery(country: GB, limit: 5, genreID: 14)")
    func options() async {
        let charts = MockMusicVideoChartsRepository.returning(Array(Self.chart.prefix(1)))
        let result = await run(["-c", "gb", "-l", "5", "--genre", "14", "--top"], charts: charts)
        #expect(result.status == .success)
        #expect(charts.chartQueries == [ChartQuery(country: "GB", limit: 5, genreID: 14)])
        let spaced = MockMusicVideoChartsRepository.returning(Self.chart)
        _ = await run(["--top", "--genre=21", "--country", "jp"], charts: spaced)
        #expect(spaced.chartQueries == [ChartQuery(country: "JP", limit: 25, genreID: 21)])
    }

    @Test("An empty chart exits 1 with one line naming the chart, nothing on stdout")
    func empty() async {
        let result = await run(["--top", "--genre", "9999"], charts: .returning([]))
        #expect(result.status == .noResults)
        #expect(result.output.isEmpty)
        #expect(
            result.diagnostics
                == "mvsearch: the top music videos chart in US (genre 9999) is empty — check the id, or try another "
                + "--country\n")
        let plain = await run(["--top", "-c", "gb"], charts: .returning([]))
        #expect(plain.status == .noResults)
        // Without a genre there is no id to check: an empty chart means a country the store has no chart for.
        #expect(
            plain.diagnostics
                == "mvsearch: the top music videos chart in GB is empty — use a code such as US, GB or JP\n")
    }

    @Test("A failure exits with its status and message, asked once")
    func failure() async {
        let charts = MockMusicVideoChartsRepository.failing(with: .serviceUnavailable(statusCode: 503))
        let result = await run(["--top"], charts: charts)
        #expect(result.status == .unavailable)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics.hasPrefix("mvsearch: "))
        #expect(charts.chartQueries.count == 1)
    }

    @Test(
        "A command line --top cannot run is refused with 64 and its message before any request",
        arguments: [
            (["--top", "jack"], "--top takes no search term — remove 'jack'"),
            (["--top", "--by", "artist"], "--by does not apply to --top — drop it"),
            (["--top", "--offset", "3"], "--offset does not apply to --top — drop it"),
            (["--genre", "14"], "--genre applies only to --top — add --top or drop it"),
            (["--genre", "14", "jack"], "--genre applies only to --top — add --top or drop it"),
            (
                ["--top", "--genre", "0"],
                "option --genre needs a genre id, not 0 — give one such as 14 (Pop); --genres lists them"
            ),
            (["--top", "--genre", "pop"], "option --genre needs a whole number, not 'pop' — give one such as 14"),
            (
                ["--genre", "0"],
                "option --genre needs a genre id, not 0 — give one such as 14 (Pop); --genres lists them"
            ),
            (["--top", "--artists", "jack"], "--top and --artists cannot be used together — choose one"),
            (["--top", "--id", "5"], "--id and --top cannot be used together — choose one"),
            (["--top", "--limit", "500"], "the limit 500 is out of range — use --limit 1 to 200"),
            (["--top", "--limit", "0"], "the limit 0 is out of range — use --limit 1 to 200"),
            (["--top", "-c", "usa"], "\"usa\" is not a two-letter country code — use a code such as US, GB or JP"),
            (["--top", "--offset", "3", "--by", "artist"], "--offset and --by do not apply to --top — drop them"),
        ])
    func usage(arguments: [String], message: String) async {
        let charts = MockMusicVideoChartsRepository()  // any call fails the test
        let result = await run(arguments, charts: charts)
        #expect(result.status == .usage)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics == "mvsearch: \(message)\n")
        #expect(charts.chartQueries.isEmpty)
    }

    /// The options as parsed.
    private func options(_ arguments: [String]) throws -> SearchOptions {
        guard case .search(let options) = try CommandLineParser.parse(arguments) else {
            throw UsageError("not a search: \(arguments)")
        }
        return options
    }

    @Test("--limit 500 is refused while the command line is prepared: before any container, so before any view model")
    func refusedBeforeAnyViewModel() async throws {
        let application = Application(arguments: [], console: CapturingConsole())
        // `prepare` is all that runs before the app's container exists; view models are made only
        // from that container, when a flow opens the prepared list.
        #expect(throws: UsageError("the limit 500 is out of range — use --limit 1 to 200")) {
            _ = try application.prepare(try options(["--top", "--limit", "500"]))
        }
        #expect(throws: UsageError("the limit 500 is out of range — use --limit 1 to 200")) {
            _ = try application.prepare(try options(["-i", "--top", "--limit", "500"]))
        }
        let (invocation, _) = try application.prepare(try options(["--top", "--limit", "200"]))
        guard case .list = invocation.flow else {
            Issue.record("--top --limit 200 is not a list: \(invocation.flow)")
            return
        }
    }

    @Test("The order is observable: --offline over a refused cache exits 69 once a container exists, 64 first")
    func refusedBeforeTheContainer() async throws {
        // A cache folder that is a symbolic link: the container refuses it for --offline (69), as
        // soon as it is made and before any flow starts.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-top-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("mvsearch"),
            withDestinationURL: folder.appendingPathComponent("elsewhere"))
        let environment = ["XDG_CACHE_HOME": folder.path, "HOME": folder.path]

        let valid = await run(["--top", "--offline"], environment: environment, cached: false)
        #expect(valid.status == .unavailable)
        #expect(valid.diagnostics.hasPrefix("mvsearch: --offline cannot use the response cache: "))

        let tooMany = await run(["--top", "--offline", "--limit", "500"], environment: environment, cached: false)
        #expect(tooMany.status == .usage)
        #expect(tooMany.diagnostics == "mvsearch: the limit 500 is out of range — use --limit 1 to 200\n")
    }
}
