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

/// The `remember` setting: a script's one-shot searches (output not a terminal) do not fill the
/// recent searches, unless the setting says so; a person's do.
@Suite("Which searches the recent searches keep")
@MainActor
struct RememberSettingTests {
    /// Runs a one-shot search for "clairo" that finds a video.
    /// - Returns: The exit status and the terms kept.
    private func search(
        _ arguments: [String] = [], environment: [String: String] = [:], outputIsTerminal: Bool
    ) async -> (status: App.ExitStatus, kept: [String]) {
        let recent = InMemoryRecentSearchesRepository()
        let console = Console.piped(outputIsTerminal: outputIsTerminal)
        var overrides = AppDIContainer.Overrides(
            musicVideosRepository: MockMusicVideosRepository.returning([.stub(title: "Sofia")]),
            recentSearchesRepository: recent)
        overrides.responseCacheStore = InMemoryResponseCacheStore()
        let status = await Application(
            arguments: arguments + ["clairo"], environment: environment, console: console, overrides: overrides
        ).run()
        return (status, await recent.recentSearches())
    }

    @Test("Given output that is not a terminal (a script's), when a search finds videos, then its term is not kept")
    func scriptNotKept() async {
        let piped = await search(outputIsTerminal: false)
        #expect(piped.status == App.ExitStatus.success)
        #expect(piped.kept.isEmpty)
    }

    @Test("Given output on a terminal, when a search finds videos, then its term is kept, as before")
    func terminalKept() async {
        let shown = await search(outputIsTerminal: true)
        #expect(shown.status == App.ExitStatus.success)
        #expect(shown.kept == ["clairo"])
    }

    @Test("Given remember = always from the option, the environment or the file, then a script's search is kept")
    func always() async throws {
        #expect(await search(["--remember", "always"], outputIsTerminal: false).kept == ["clairo"])
        #expect(await search(environment: ["MVSEARCH_REMEMBER": "always"], outputIsTerminal: false).kept == ["clairo"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-remember-\(UUID())")
        let config = folder.appendingPathComponent("mvsearch")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("remember = always\n".utf8).write(to: config.appendingPathComponent("config"))
        chmod(config.appendingPathComponent("config").path, 0o600)
        #expect(await search(environment: ["XDG_CONFIG_HOME": folder.path], outputIsTerminal: false).kept == ["clairo"])
    }

    @Test("Given --remember never, then not even a search shown on a terminal is kept")
    func never() async {
        #expect(await search(["--remember", "never"], outputIsTerminal: true).kept.isEmpty)
    }

    @Test("Given a bad value, then the option or the variable is named with the values it takes, exit 64")
    func badValue() throws {
        #expect(
            throws: UsageError(
                "option --remember takes one of always, terminal, never, not 'sometime' — use one of those")
        ) {
            try CommandLineParser.parse(["--remember", "sometime", "x"])
        }
        #expect(
            throws: UsageError(
                "option --remember takes one of always, terminal, never, not 'alway' — did you mean always?")
        ) {
            try CommandLineParser.parse(["--remember", "alway", "x"])
        }
        guard case .search(let options) = try CommandLineParser.parse(["x"]) else { throw UsageError("no") }
        #expect(throws: UsageError.self) {
            try UserSettings(options: options, environment: ["MVSEARCH_REMEMBER": "yes"], file: .noFile)
        }
    }

    @Test("--remember shapes searches and the sessions only: with --history it is refused")
    func scope() async throws {
        guard case .search(let options) = try CommandLineParser.parse(["--remember", "never", "--history"]) else {
            throw UsageError("no")
        }
        #expect(throws: UsageError("--remember does not apply to --history — drop it")) {
            try Invocation.route(for: options, inputIsTerminal: false)
        }
    }
}
