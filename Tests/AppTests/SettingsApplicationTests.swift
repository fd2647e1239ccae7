import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The settings file and `--sort` through the whole app: what reaches the request, the output,
/// stderr and the exit status.
@MainActor
@Suite("Settings and sorting, in the whole app")
struct SettingsApplicationTests {
    private struct Run {
        let status: App.ExitStatus
        let output: String
        let diagnostics: String
    }

    /// A folder standing for `XDG_CONFIG_HOME`, its settings file not yet written.
    private let configHome: URL

    init() throws {
        configHome = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mvsearch-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: configHome.appendingPathComponent("mvsearch"), withIntermediateDirectories: true)
    }

    private var settingsPath: String { configHome.appendingPathComponent("mvsearch/config").path }

    private func writeSettings(_ text: String, mode: mode_t = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: settingsPath))
        chmod(settingsPath, mode)
    }

    private func run(
        _ arguments: [String], environment: [String: String] = [:], outputIsTerminal: Bool = false,
        overrides: AppDIContainer.Overrides
    ) async -> Run {
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console.piped(output: output, diagnostics: diagnostics, outputIsTerminal: outputIsTerminal)
        var overrides = overrides
        overrides.recentSearchesRepository = InMemoryRecentSearchesRepository()
        overrides.responseCacheStore = InMemoryResponseCacheStore()
        var environment = environment
        environment["XDG_CONFIG_HOME"] = environment["XDG_CONFIG_HOME"] ?? configHome.path
        let status = await Application(
            arguments: arguments, environment: environment, console: console, overrides: overrides
        ).run()
        return Run(status: status, output: output.text, diagnostics: diagnostics.text)
    }

    private static let answer = Data(
        #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"music-video","trackId":5,"trackName":"t"}]}"#.utf8)

    // MARK: The settings file

    @Test("Given country and limit in the settings file, when searching, then the request carries them")
    func settingsReachTheRequest() async throws {
        try writeSettings("# mine\ncountry = gb\nlimit = 7\n")
        let session = MockNetworkSessionManager.answering(body: Self.answer)
        let result = await run(["x", "--base-url", "http://127.0.0.1:1/"], overrides: .init(sessionManager: session))
        #expect(result.status == .success)
        #expect(result.diagnostics.isEmpty)
        let url = try #require(session.requests.first?.url)
        #expect(url.query == "term=x&media=musicVideo&entity=musicVideo&country=GB&limit=7")
    }

    @Test("Given settings in the file that a run has no use for, then they are never refused (only typed options are)")
    func settingsNeverRefused() async throws {
        try writeSettings("country = gb\nlimit = 7\nformat = json\nmouse = off\nimages = off\n")
        for arguments in [["--history"], ["--clear-history"], ["--settings"]] {
            let result = await run(
                arguments, environment: ["MVSEARCH_COUNTRY": "jp"],
                overrides: .init(sessionManager: MockNetworkSessionManager()))
            #expect(result.status == .success, "\(arguments): \(result.diagnostics)")
        }
    }

    @Test("Given the file and the command line, then the command line wins; given the environment, it beats the file")
    func precedence() async throws {
        try writeSettings("country = gb\n")
        let repository = MockMusicVideosRepository.returning([.stub()])
        _ = await run(["x", "-c", "fr"], overrides: .init(musicVideosRepository: repository))
        _ = await run(
            ["x"], environment: ["MVSEARCH_COUNTRY": "jp"], overrides: .init(musicVideosRepository: repository))
        _ = await run(["x"], overrides: .init(musicVideosRepository: repository))
        #expect(repository.searchedQueries.map(\.country) == ["FR", "JP", "GB"])
    }

    @Test("Given format and colour in the file, then a terminal gets JSON lines without colour; the command line wins")
    func formatAndColour() async throws {
        try writeSettings("format = jsonl\ncolour = off\n")
        let repository = MockMusicVideosRepository.returning([.stub(title: "Sofia")])
        let json = await run(
            ["x", "--json", "title"], outputIsTerminal: true, overrides: .init(musicVideosRepository: repository))
        #expect(json.output == "[\n  {\"title\":\"Sofia\"}\n]\n")  // --json on the command line means json
        let table = await run(
            ["x", "--format", "table"], outputIsTerminal: true, overrides: .init(musicVideosRepository: repository))
        #expect(table.output.contains("Sofia"))
        #expect(!table.output.contains("\u{1B}"))
        let lines = await run(["x"], outputIsTerminal: true, overrides: .init(musicVideosRepository: repository))
        #expect(lines.output.hasPrefix("{\"id\":1,"))
    }

    @Test("Given a bad line, then one message naming the file, the line and the valid keys; 78, and no request")
    func badLineExits78() async throws {
        try writeSettings("country = GB\n\ncolr = off\n")
        let result = await run(["x"], overrides: .init(sessionManager: MockNetworkSessionManager()))
        #expect(result.status == .configurationError)
        #expect(result.status.rawValue == 78)
        #expect(result.output.isEmpty)
        #expect(
            result.diagnostics
                == "mvsearch: bad settings file \(settingsPath), line 3: unknown setting 'colr' — did you mean colour? "
                + "(the settings: country, limit, format, colour, player, mouse, images, rate, remember, timeout, retries,"
                + " base-url, cache-ttl)\n")
    }

    @Test("Given a file others may write, then one warning, the defaults, and the search runs")
    func unsafeFileIgnored() async throws {
        try writeSettings("country = gb\n", mode: 0o666)
        let repository = MockMusicVideosRepository.returning([.stub()])
        let result = await run(["x"], overrides: .init(musicVideosRepository: repository))
        #expect(result.status == .success)
        #expect(repository.searchedQueries.map(\.country) == ["US"])
        #expect(
            result.diagnostics
                == "mvsearch: not using the settings file: \(settingsPath) is writable by other users — use a regular "
                + "file of your own that only you can write (chmod 600), or remove it; using the defaults\n")
    }

    @Test("--settings prints where each setting comes from, exits 0, and sends nothing")
    func settingsReport() async throws {
        try writeSettings("limit = 50\n")
        let result = await run(
            ["--settings", "-c", "jp"], environment: ["NO_COLOR": "1"],
            overrides: .init(sessionManager: MockNetworkSessionManager()))
        #expect(result.status == .success)
        let lines = result.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(lines.first == ["settings", "file:", Substring(settingsPath)])
        #expect(lines.contains(["country", "jp", "command", "line"]))
        #expect(lines.contains(["limit", "50", "file:1"]))
        #expect(lines.contains(["colour", "off", "environment", "(NO_COLOR)"]))
        #expect(lines.contains(["format", "table", "on", "a", "terminal,", "else", "plain", "default"]))
    }

    @Test("Given a bad settings file, --settings exits 78 too; --help does not read it")
    func settingsReportWithBadFile() async throws {
        try writeSettings("limit = 0\n")
        let report = await run(["--settings"], overrides: .init(sessionManager: MockNetworkSessionManager()))
        #expect(report.status == .configurationError)
        #expect(report.diagnostics.contains("line 1: limit takes a whole number from 1 to 200, not '0'"))
        let help = await run(["--help"], overrides: .init(sessionManager: MockNetworkSessionManager()))
        #expect(help.status == .success)
    }

    @Test("Given player in the settings file, then p plays with it; MVSEARCH_PLAYER still wins")
    func playerFromTheFile() async throws {
        try writeSettings("player = vlc --fullscreen\n")
        let application = Application(
            arguments: [], environment: ["XDG_CONFIG_HOME": configHome.path, "PATH": "/opt/players"],
            console: CapturingConsole())
        func player(_ environment: [String: String]) throws -> SystemPreviewPlayer? {
            let file = try LoadedSettingsFile.load(environment: environment)
            let configuration = try AppConfiguration(
                options: SearchOptions(), environment: environment, settingsFile: file)
            let container = AppDIContainer(configuration: configuration, console: application.console)
            return container.makeMusicVideosSceneDIContainer().player as? SystemPreviewPlayer
        }
        let fromFile = try player(application.environment)
        #expect(fromFile?.command == "vlc --fullscreen")
        #expect(fromFile?.searchPath == "/opt/players")
        var environment = application.environment
        environment["MVSEARCH_PLAYER"] = "mpv"
        #expect(try player(environment)?.command == "mpv")
    }

    @Test(
        "Given a kitty terminal, artwork is drawn; with --offline, which asks nothing, none is (artwork is never cached)"
    )
    func noArtworkOffline() throws {
        let environment = ["TERM": "xterm-kitty", "XDG_CONFIG_HOME": configHome.path]
        func graphics(_ arguments: [String]) throws -> TerminalGraphics? {
            guard case .search(let options) = try CommandLineParser.parse(arguments) else { return nil }
            let configuration = try AppConfiguration(options: options, environment: environment)
            return AppDIContainer(configuration: configuration, console: Console(CapturingConsole()))
                .makeMusicVideosSceneDIContainer().graphics
        }
        #expect(try graphics(["-i"]) == .kitty)
        #expect(try graphics(["-i", "--offline"]) == nil)
    }

    // MARK: --sort

    private let videos: [MusicVideo] = [
        .stub(id: 1, title: "Sofia", releaseDate: Date(timeIntervalSince1970: 1_500_000_000)),
        .stub(id: 2, title: "Bags", releaseDate: nil),
        .stub(id: 3, title: "Juna", releaseDate: Date(timeIntervalSince1970: 1_600_000_000)),
    ]

    @Test("--sort year orders plain lines, JSON and the table the same way, the newest first")
    func sortYear() async {
        let repository = MockMusicVideosRepository.returning(videos)
        let plain = await run(["x", "--sort", "year"], overrides: .init(musicVideosRepository: repository))
        #expect(plain.output.split(separator: "\n").map { $0.prefix(1) } == ["3", "1", "2"])
        let json = await run(
            ["x", "--sort", "YEAR", "--json", "id"], overrides: .init(musicVideosRepository: repository))
        #expect(json.output == "[\n  {\"id\":3},\n  {\"id\":1},\n  {\"id\":2}\n]\n")
        let table = await run(
            ["x", "--sort", "year", "--reverse"], outputIsTerminal: true,
            overrides: .init(musicVideosRepository: repository))
        let titles = table.output.split(separator: "\n").dropFirst().map { $0.split(separator: " ")[1] }
        #expect(titles == ["Sofia", "Juna", "Bags"])
    }

    @Test("Without --sort, the service's order")
    func serviceOrder() async {
        let plain = await run(
            ["x"], overrides: .init(musicVideosRepository: MockMusicVideosRepository.returning(videos)))
        #expect(plain.output.split(separator: "\n").map { $0.prefix(1) } == ["1", "2", "3"])
    }

    @Test(
        "Given --sort where it orders nothing, or a key it does not know, then 64 and no request",
        arguments: [
            (
                ["x", "--sort", "yaer"],
                "option --sort takes one of year, title, artist, duration, price, not 'yaer' — did you mean year?"
            ),
            (["x", "--reverse"], "--reverse turns --sort's order round — add --sort year|title|artist|duration|price"),
            (["--artists", "x", "--sort", "title"], "--sort title does not apply to --artists"),
            (["--id", "5", "--sort", "title"], "--sort title does not apply to --id"),
            (["--history", "--sort", "title"], "--sort title does not apply to --history"),
            (["-i", "x", "--sort", "year"], "--sort year does not apply to --interactive"),
            (["--settings", "--sort", "year"], "--sort year does not apply to --settings"),
        ])
    func sortRefused(arguments: [String], message: String) async {
        let result = await run(arguments, overrides: .init(sessionManager: MockNetworkSessionManager()))
        #expect(result.status == .usage)
        #expect(result.diagnostics.hasPrefix("mvsearch: \(message)"), "\(result.diagnostics)")
        #expect(result.diagnostics.filter { $0 == "\n" }.count == 1)
    }

    @Test("--sort applies to --artist-id and to --top, whose entries keep their rank")
    func sortLists() async {
        let videos = videos
        let repository = MockMusicVideosRepository(artist: { _ throws(CatalogError) in videos })
        let artist = await run(
            ["--artist-id", "9", "--sort", "title"], overrides: .init(musicVideosRepository: repository))
        #expect(artist.status == .success)
        #expect(artist.output.split(separator: "\n").map { $0.prefix(1) } == ["2", "3", "1"])
        let charts = MockMusicVideoChartsRepository.returning(videos)
        let top = await run(
            ["--top", "--sort", "title", "--json", "rank,title"], overrides: .init(musicVideoChartsRepository: charts))
        #expect(top.output.contains("{\"rank\":2,\"title\":\"Bags\"},\n  {\"rank\":3,\"title\":\"Juna\"}"))
    }
}
