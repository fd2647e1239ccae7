import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// What a user trial of the sessions found, each as a key script over mock repositories: `a` on
/// a video opened from its artist's own list, `m` with nothing like it, `m` and `t` in the status
/// line, a chart named by its genre, `q` in the genre menu, and the help box at 40 columns.
@MainActor
@Suite("The sessions after the user trial")
struct TrialFindingsSessionTests {
    private typealias Harness = FullScreenSessionTests.Harness

    nonisolated private static let bags = MusicVideo.stub(id: 7, title: "Bags", artistName: "Clairo", artistID: 42)
    nonisolated private static let sofia = MusicVideo.stub(id: 8, title: "Sofia", artistName: "Clairo", artistID: 42)

    /// Searches find Bags and Sofia, Clairo's; her videos are the same two; a lookup finds Bags
    /// (with no album), so nothing is like it but itself.
    nonisolated private static func clairo() -> MockMusicVideosRepository {
        MockMusicVideosRepository(
            search: { query throws(CatalogError) in MusicVideoPage(query: query, videos: [bags, sofia], rowCount: 2) },
            lookup: { query throws(CatalogError) in [bags, sofia].first { $0.id == query.id } },
            artist: { query throws(CatalogError) in query.artistID == 42 ? [bags] : [] })
    }

    @Test(
        "Given Clairo's videos opened with a and a video's details from them, when a, then back to her list: no copy of it"
    )
    func artistFromDetailsGoesBack() async throws {
        let session = try Harness(repository: Self.clairo(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        await session.type(.character("a"))
        #expect(session.lines[0].hasPrefix("Music videos by Clairo"))
        await session.type(.enter)
        #expect(session.lines[0] == "Bags")
        await session.type(.character("a"))
        #expect(session.lines[0].hasPrefix("Music videos by Clairo"))
        #expect(session.repository.artistQueries.count == 1)
        #expect(session.coordinator.stack.count == 3)  // search, results, her list
        await session.type(.escape)  // one Esc: the search's results, no second list of hers between
        #expect(session.lines[0].hasPrefix("Music videos for \"clairo\""))
    }

    @Test("Given -i --artist-id 42 and a video's details from that list, when a, then back to the list: no copy")
    func artistFromDetailsOfArtistListCommandGoesBack() async throws {
        let session = try Harness(repository: Self.clairo(), arguments: ["-i", "--artist-id", "42"])
        await session.coordinator.waitUntilIdle()
        let stacked = session.coordinator.stack.count  // the search screen and her list
        await session.type(.enter)
        #expect(session.lines[0] == "Bags")
        await session.type(.character("a"))
        #expect(session.coordinator.stack.count == stacked)
        #expect(session.repository.artistQueries.count == 1)
    }

    @Test("Given the search's results, when a video's details then a, then her list opens over them as before")
    func artistFromOtherDetailsOpens() async throws {
        let session = try Harness(repository: Self.clairo(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        await session.type(.enter, .character("a"))
        #expect(session.lines[0].hasPrefix("Music videos by Clairo"))
        #expect(session.coordinator.stack.count == 4)  // search, results, details, her list
    }

    @Test("Given a video nothing is like, when m, then the status line says so and the results stay on top")
    func moreLikeNothingStays() async throws {
        let session = try Harness(repository: Self.clairo(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        await session.type(.character("m"))
        #expect(session.lines[0].hasPrefix("Music videos for \"clairo\""))
        #expect(session.screen.contains("no other music videos like \"Bags\" in US"))
        #expect(session.coordinator.stack.count == 2)
        await session.type(.enter, .character("m"))  // from the details too: they stay
        #expect(session.lines[0] == "Bags")
        #expect(session.screen.contains("no other music videos like \"Bags\" in US"))
        await session.type(.escape, .escape)
        #expect(session.lines[0] == "Search music videos")
    }

    @Test("Given room, then the status line offers m on lists and details, and t on lists but the chart")
    func hintsOfferMAndT() async throws {
        let session = try Harness(repository: Self.clairo(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        session.columns = 120
        #expect(session.statusLine.contains("m more"), "\(session.statusLine)")
        #expect(session.statusLine.contains("t chart"), "\(session.statusLine)")
        session.columns = 80  // essential keys first: what is left of the room goes by the table's order
        #expect(session.statusLine.hasSuffix("Esc back · ? help · q quit"))
        await session.type(.enter)
        #expect(session.statusLine.contains("m more"), "\(session.statusLine)")
        let charts = MockMusicVideoChartsRepository.returning(TopChartSessionTests.chart)
        let chart = try TopChartSessionTests.Harness(
            arguments: ["-i", "--top"], charts: charts, videos: TopChartSessionTests.lookingUp())
        await chart.coordinator.waitUntilIdle()
        let wide =
            FullScreenSession.frame(of: chart.coordinator, columns: 160, rows: 12).text.components(separatedBy: "\n")
            .last ?? ""
        #expect(wide.contains("m more"), "\(wide)")
        #expect(!wide.contains("t chart") && !wide.contains("t top chart"), "\(wide)")  // it is the chart
    }

    @Test(
        "Given a chart's genre menu, when q, then the menu closes and the chart stays; the help says so; q then quits")
    func qClosesTheGenreMenu() async throws {
        let charts = MockMusicVideoChartsRepository.returning(TopChartSessionTests.chart)
        let session = try TopChartSessionTests.Harness(
            arguments: ["-i", "--top"], charts: charts, videos: TopChartSessionTests.lookingUp())
        await session.coordinator.waitUntilIdle()
        await session.type(.character("e"))
        #expect(session.screen.contains("Genre (↑/↓, Enter):"))
        #expect(await session.type(.character("q")) == .none)
        #expect(!session.screen.contains("Genre (↑/↓"))
        #expect(session.lines[0].hasPrefix("Top music videos chart in US"))
        #expect(charts.chartQueries.count == 1)
        await session.type(.character("?"))
        #expect(
            FullScreenSession.frame(of: session.coordinator, columns: 120, rows: 40).text.contains(
                "Esc, ← or q close it"))
        await session.type(.character("x"))  // closes the help
        #expect(await session.type(.character("q")) == .exit(.success))
    }

    @Test("Given a genre's chart, then its title names the genre, as the menu does, not its id")
    func chartNamesItsGenre() async throws {
        let charts = MockMusicVideoChartsRepository.returning(TopChartSessionTests.chart)
        let session = try TopChartSessionTests.Harness(
            arguments: ["-i", "--top", "--genre", "21"], charts: charts, videos: TopChartSessionTests.lookingUp())
        await session.coordinator.waitUntilIdle()
        #expect(session.lines[0].hasPrefix("Top music videos chart in US (Rock)"))
    }

    @Test("Given 40 columns, when ? on the search screen and on the results, then every key is there whole")
    func helpAtFortyColumnsKeepsTheKeys() async throws {
        let session = try Harness(repository: Self.clairo())
        session.columns = 40
        session.rows = 80  // every key at once
        await session.coordinator.waitUntilIdle()
        for (open, keys) in [
            (Key.f1, ["Ctrl-W,", "Alt-Backspace", "Backspace", "Delete", "Alt-B", "Alt-F", "Ctrl-U", "Ctrl-K"]),
            (.character("?"), ["Ctrl-P/N", "Ctrl-K/J", "Shift-Tab", "Esc", "Ctrl-C", "digits,"]),
        ] {
            if open == .character("?") {
                await session.type(.escape)
                await session.type(text: "clairo")
                await session.type(.enter)
            }
            await session.type(open)
            let box = session.lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("│ ") }
            #expect(box.count > 10)
            // The keys' column is the text after "│ " up to two spaces: whole words, never cut with …
            let keyColumn = box.map { line in
                String(line.split(separator: "│", omittingEmptySubsequences: false)[1].dropFirst().prefix(17))
            }
            for key in keys {
                #expect(keyColumn.contains { $0.split(separator: " ").contains(Substring(key)) }, "\(key)")
            }
            #expect(!keyColumn.contains { $0.contains("…") })
            for line in session.lines { #expect(DisplayWidth.of(line) <= 40) }
        }
    }
}

/// The line session's side of the trial's `a`: the details of a video from an artist's own
/// list, then `a`, back to that list.
@MainActor
@Suite("The line session after the user trial")
struct TrialFindingsLineSessionTests {
    @Test("Given her list (a) and a video's details from it (1), when a, then her list again, not a copy over it")
    func artistFromDetailsGoesBack() async throws {
        let repository = MockMusicVideosRepository(
            search: { query throws(CatalogError) in
                MusicVideoPage(
                    query: query, videos: [.stub(id: 7, title: "Bags", artistName: "Clairo", artistID: 42)], rowCount: 1
                )
            },
            artist: { _ throws(CatalogError) in [.stub(id: 7, title: "Bags", artistName: "Clairo", artistID: 42)] })
        let output = CapturingOutput()
        let console = Console(
            output: output, diagnostics: CapturingOutput(),
            input: ScriptedInput(["clairo", "1", "a", "1", "a", "b", "b", "q"]),
            inputIsTerminal: false, outputIsTerminal: false, diagnosticsIsTerminal: false, width: 100,
            activityIndicator: HiddenActivityIndicator())
        let application = Application(
            arguments: ["-i"], environment: isolatedEnvironment(), console: console,
            overrides: .init(
                musicVideosRepository: repository, recentSearchesRepository: InMemoryRecentSearchesRepository()))
        #expect(await application.run() == .success)
        #expect(repository.artistQueries.count == 1)
        // Her list shown, then again after the details' a; b from it is the first details, b again
        // the results: no copy of her list between.
        #expect(output.text.components(separatedBy: "Music videos by Clairo").count == 3, "\(output.text)")
        let afterBack = try #require(output.text.components(separatedBy: "> b\n").last)
        #expect(afterBack.contains("Music videos for \"clairo\""), "\(afterBack)")
    }
}
