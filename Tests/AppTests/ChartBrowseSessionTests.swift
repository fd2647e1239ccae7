import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// Charts you can browse in the full-screen session: `t` / Ctrl-T open the chart, `e` changes
/// its genre from a menu, `c` its country, in place; a chart left with Esc is offered again.
@MainActor
@Suite("Charts you can browse in the full-screen session")
struct ChartBrowseSessionTests {
    private typealias Harness = TopChartSessionTests.Harness

    private func session(_ arguments: [String]) throws -> (Harness, MockMusicVideoChartsRepository) {
        let charts = MockMusicVideoChartsRepository.returning(TopChartSessionTests.chart)
        return (try Harness(arguments: arguments, charts: charts, videos: TopChartSessionTests.lookingUp()), charts)
    }

    @Test(
        "Given the search screen, when Ctrl-T is typed, then the chart for the session's country opens; its hint says so"
    )
    func fromSearch() async throws {
        let (session, charts) = try session(["-i"])
        await session.coordinator.waitUntilIdle()
        #expect(session.statusLine.contains("Ctrl-T"))
        await session.type(.control("t"))
        #expect(charts.chartQueries == [ChartQuery(country: "US", limit: 5)])
        #expect(session.lines[0].hasPrefix("Top music videos chart in US"))
        #expect(session.statusLine.contains("e genre"))
    }

    @Test("Given the chart on top, when t is typed, then no second copy opens: it says so, and one Esc leaves")
    func chartAgain() async throws {
        let (session, charts) = try session(["-i", "--top"])
        await session.coordinator.waitUntilIdle()
        await session.type(.character("t"))
        #expect(session.screen.contains("this is the top chart"))
        #expect(charts.chartQueries.count == 1)
        await session.type(.escape)
        #expect(session.lines[0].hasPrefix("Search music videos"))
    }

    @Test("Given a chart, when e then ↓ ↓ Enter, then Rock's chart loads in place, and Esc goes back past it at once")
    func genreMenu() async throws {
        let (session, charts) = try session(["-i", "--top"])
        await session.coordinator.waitUntilIdle()
        await session.type(.character("e"))
        #expect(session.screen.contains("Genre (↑/↓, Enter):"))
        #expect(session.screen.contains("  All genres"))
        #expect(session.statusLine.contains("Enter show"))
        await session.type(.down, .down, .enter)  // All → Pop → Rock
        #expect(charts.chartQueries.last == ChartQuery(country: "US", limit: 5, genreID: 21))
        #expect(session.lines[0].hasPrefix("Top music videos chart in US (Rock)"))
        #expect(!session.screen.contains("Genre (↑/↓"))
        await session.type(.escape)  // one screen: the chart changed in place
        #expect(session.lines[0].hasPrefix("Search music videos"))
    }

    @Test(
        "Given a chart, when c asks for a country, then a bad code is refused as -c refuses it, and JP loads in place")
    func countryPrompt() async throws {
        let charts = MockMusicVideoChartsRepository.returning(TopChartSessionTests.chart)
        let videos = TopChartSessionTests.lookingUp()
        let session = try Harness(arguments: ["-i", "--top", "--genre", "14"], charts: charts, videos: videos)
        await session.coordinator.waitUntilIdle()
        await session.type(.character("c"))
        #expect(session.screen.contains("Country (two letters, as GB):"))
        await session.type(.character("x"), .character("1"), .enter)
        #expect(session.screen.contains("\"x1\" is not a two-letter country code"))
        // Two letters no country has are named as such, and UK gets the code it means.
        await session.type(.backspace, .backspace, .character("u"), .character("k"), .enter)
        #expect(session.screen.contains("\"uk\" is no country's code (the United Kingdom is GB)"))
        #expect(charts.chartQueries.count == 1)
        await session.type(.backspace, .backspace, .character("j"), .character("p"), .enter)
        #expect(charts.chartQueries.last == ChartQuery(country: "JP", limit: 5, genreID: 14))
        #expect(session.lines[0].hasPrefix("Top music videos chart in JP (Pop)"))
        await session.type(.enter)  // a JP chart's row is looked up in the JP store
        #expect(session.lines[0] == "Flowers (looked up)")
        #expect(videos.lookedUpQueries == [MusicVideoLookupQuery(id: 101, country: "JP")])
        await session.type(.escape)
        await session.type(.character("c"), .escape)  // Esc leaves the prompt, not the chart
        #expect(session.lines[0].hasPrefix("Top music videos chart in JP"))
    }

    @Test("Given -i --top, when Esc goes back to the search screen, then Ctrl-T offers the same chart again")
    func neverLost() async throws {
        let (session, charts) = try session(["-i", "--top"])
        await session.coordinator.waitUntilIdle()
        await session.type(.character("c"), .character("d"), .character("e"), .enter)
        await session.type(.escape)
        #expect(session.lines[0].hasPrefix("Search music videos"))
        #expect(session.statusLine.contains("Ctrl-T"))
        await session.type(.control("t"))
        #expect(charts.chartQueries.last == ChartQuery(country: "DE", limit: 5))
        #expect(session.lines[0].hasPrefix("Top music videos chart in DE"))
    }

    @Test("Given results, when t is typed, then the chart opens over them, and Esc comes back to the results")
    func fromResults() async throws {
        let charts = MockMusicVideoChartsRepository.returning(TopChartSessionTests.chart)
        let videos = MockMusicVideosRepository(search: { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: TopChartSessionTests.chart, rowCount: 3)
        })
        let session = try Harness(arguments: ["-i"], charts: charts, videos: videos)
        await session.coordinator.waitUntilIdle()
        for letter in "sza" { await session.type(.character(letter)) }
        await session.type(.enter)
        #expect(session.lines[0].hasPrefix("Music videos for"))
        await session.type(.character("t"))
        #expect(charts.chartQueries.count == 1)
        #expect(session.lines[0].hasPrefix("Top music videos chart in US"))
        await session.type(.escape)
        #expect(session.lines[0].hasPrefix("Music videos for"))
    }
}
