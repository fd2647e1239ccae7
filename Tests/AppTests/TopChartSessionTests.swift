import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// `-i --top` in both sessions, over mock repositories: the chart's rows, a row opening its
/// video looked up by track id, back to the chart on the same row.
@MainActor
@Suite("The top music videos chart in the sessions")
struct TopChartSessionTests {
    nonisolated static let chart: [MusicVideo] = [
        .stub(id: 101, title: "Flowers", artistName: "Miley Cyrus"),
        .stub(id: 202, title: "Kill Bill", artistName: "SZA"),
        .stub(id: 303, title: "Are You Bored Yet?", artistName: "Wallows"),
    ]

    /// Looks a video up by id: the chart's video, titled so that what the details show is seen to
    /// come from the lookup, not from the row.
    nonisolated static func lookingUp() -> MockMusicVideosRepository {
        MockMusicVideosRepository(lookup: { query throws(CatalogError) in
            chart.first { $0.id == query.id }.map { .stub(id: $0.id, title: $0.title + " (looked up)") }
        })
    }

    /// The full-screen coordinator over the real containers, started as `-i --top …` starts it.
    @MainActor
    final class Harness {
        let coordinator: FullScreenFlowCoordinator

        init(
            arguments: [String], charts: MockMusicVideoChartsRepository, videos: MockMusicVideosRepository,
            limit: Int = 5
        ) throws {
            guard case .search(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("no") }
            let configuration = try AppConfiguration(options: options, environment: [:])
            let console = Console.onTerminal()
            let container = AppDIContainer(
                configuration: configuration, console: console,
                overrides: .init(
                    musicVideosRepository: videos, musicArtistsRepository: MockMusicArtistsRepository(),
                    musicVideoChartsRepository: charts, recentSearchesRepository: InMemoryRecentSearchesRepository(),
                    browser: RecordingBrowser())
            ).makeMusicVideosSceneDIContainer()
            coordinator = container.makeFullScreenFlowCoordinator(
                settings: .init(country: "US", limit: limit, attribute: .any, allowsExplicit: true))
            let list = try options.listCommand?.prepare(
                ListArguments(term: options.term, country: "US", limit: limit, options: options))
            coordinator.start(term: nil, list: list)
        }

        @discardableResult
        func type(_ keys: Key...) async -> FullScreenFlowCoordinator.Command {
            var command = FullScreenFlowCoordinator.Command.none
            for key in keys {
                command = coordinator.handle(key)
                await coordinator.waitUntilIdle()
            }
            return command
        }

        var screen: String { FullScreenSession.frame(of: coordinator, columns: 80, rows: 12).text }
        var lines: [String] { screen.components(separatedBy: "\n") }
        var statusLine: String { lines.last ?? "" }
        var selectedLine: String? { lines.first { $0.hasPrefix("›") } }
    }

    @Test("Full screen: the chart's rows; Enter on the 2nd looks up its id and shows it; Esc keeps the row; q exits 0")
    func fullScreen() async throws {
        let charts = MockMusicVideoChartsRepository.returning(Self.chart)
        let videos = Self.lookingUp()
        let session = try Harness(arguments: ["-i", "--top"], charts: charts, videos: videos)
        await session.coordinator.waitUntilIdle()
        #expect(charts.chartQueries == [ChartQuery(country: "US", limit: 5)])
        #expect(session.lines[0] == "Top music videos chart in US  1–3")
        #expect(session.lines[1].hasPrefix("  #  Title"))
        #expect(session.selectedLine?.hasPrefix("› 1  Flowers ") == true)
        #expect(session.screen.contains("  3  Are You Bored Yet? "))
        #expect(session.statusLine.hasPrefix("Enter details · ↑/↓ move"))

        await session.type(.down, .enter)
        #expect(videos.lookedUpQueries == [MusicVideoLookupQuery(id: 202, country: "US")])
        #expect(session.lines[0] == "Kill Bill (looked up)")
        #expect(session.screen.contains("Title          Kill Bill (looked up)"))

        await session.type(.escape)
        #expect(session.lines[0] == "Top music videos chart in US  1–3")
        #expect(session.selectedLine?.hasPrefix("› 2  Kill Bill ") == true)
        #expect(charts.chartQueries.count == 1)  // coming back asks nothing again

        await session.type(.character("3"), .enter)
        #expect(videos.lookedUpQueries.map(\.id) == [202, 303])
        #expect(session.lines[0] == "Are You Bored Yet? (looked up)")
        await session.type(.escape)
        #expect(session.selectedLine?.hasPrefix("› 3  Are You Bored Yet? ") == true)
        #expect(await session.type(.character("q")) == .exit(.success))
        #expect(videos.searchedQueries.isEmpty)
    }

    /// Plain lines, as the one-shot output writes them.
    private struct PlainRenderers: ListRendererMaking {
        func renderer<Row: ListRowDescribing>(for row: Row.Type) -> any ListRenderer<Row> { PlainRenderer<Row>() }
    }

    @Test(
        "Given --pick --top, when Enter is pressed on a chart video's details, then the chart's row is printed, rank and all, as from the list"
    )
    func pickFromDetails() async throws {
        func picker() async throws -> Harness {
            let charts = MockMusicVideoChartsRepository.returning(Self.chart)
            let session = try Harness(arguments: ["-i", "--top"], charts: charts, videos: Self.lookingUp())
            session.coordinator.isPicking = true
            await session.coordinator.waitUntilIdle()
            return session
        }
        let list = try await picker()
        #expect(await list.type(.down, .enter) == .exit(.success))  // Enter on the list
        let fromList = list.coordinator.picked?.text(with: PlainRenderers()) ?? ""
        let session = try await picker()
        await session.type(.down, .right)  // the details of the 2nd, looked up
        #expect(session.lines[0] == "Kill Bill (looked up)")
        #expect(await session.type(.enter) == .exit(.success))
        let fromDetails = session.coordinator.picked?.text(with: PlainRenderers()) ?? ""
        #expect(fromDetails.hasPrefix("2\t202\t"), "\(fromDetails.debugDescription)")
        #expect(fromDetails == fromList)
    }

    @Test("Full screen: -c, -l and --genre make the chart's query and title; a row whose id finds nothing says so")
    func fullScreenGenreAndNotFound() async throws {
        let charts = MockMusicVideoChartsRepository.returning(Self.chart)
        let videos = MockMusicVideosRepository(lookup: { _ throws(CatalogError) in nil })
        let session = try Harness(
            arguments: ["-i", "--top", "--genre", "14"], charts: charts, videos: videos, limit: 3)
        await session.coordinator.waitUntilIdle()
        #expect(charts.chartQueries == [ChartQuery(country: "US", limit: 3, genreID: 14)])
        #expect(session.lines[0].hasPrefix("Top music videos chart in US (Pop)"))
        await session.type(.enter)
        #expect(videos.lookedUpQueries.map(\.id) == [101])
        // Named as the user knows it, not by the store's id (the second user trial).
        #expect(session.screen.contains("the store did not find \"Flowers\""), "\(session.screen)")
        #expect(!session.screen.contains("101"))
    }

    @Test("Line session: -i --top shows the chart; 2 looks up the 2nd video by id and shows it; b back; q quits")
    func lineSession() async throws {
        let charts = MockMusicVideoChartsRepository.returning(Self.chart)
        let videos = Self.lookingUp()
        let console = CapturingConsole(input: ["2", "b", "q"])
        let status = await Application(
            arguments: ["-i", "--top", "-l", "3"], console: console,
            overrides: .init(
                musicVideosRepository: videos, musicArtistsRepository: MockMusicArtistsRepository(),
                musicVideoChartsRepository: charts, recentSearchesRepository: InMemoryRecentSearchesRepository(),
                browser: RecordingBrowser(), responseCacheStore: InMemoryResponseCacheStore())
        ).run()
        #expect(status == .success)
        #expect(console.reported.isEmpty)
        #expect(charts.chartQueries == [ChartQuery(country: "US", limit: 3)])
        #expect(videos.lookedUpQueries == [MusicVideoLookupQuery(id: 202, country: "US")])
        let output = console.printed
        // Shown, then shown again after going back.
        #expect(output.components(separatedBy: "Top music videos chart in US").count == 3)
        #expect(output.contains("Title          Kill Bill (looked up)\n"))
        #expect(!output.contains("Flowers (looked up)"))
        let details = try #require(output.range(of: "Title          Kill Bill (looked up)"))
        #expect(output[details.upperBound...].contains("Top music videos chart in US"))  // b went back to it
    }
}
