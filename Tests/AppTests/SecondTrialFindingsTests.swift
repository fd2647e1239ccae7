import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// What the second user trial of the full-screen session found, each as a key script over mock
/// repositories: `a` and `m` with nothing to show, the status line's notices, `r` on a video's
/// details, the keys offered under a filter that matches nothing, `x stop` on the search screen,
/// and `c` after a refused country.
@MainActor
@Suite("The full-screen session after the second user trial")
struct SecondTrialFindingsTests {
    private typealias ChartHarness = TopChartSessionTests.Harness

    /// A chart whose rows name their artists by id, as the store's charts do.
    nonisolated private static let chart: [MusicVideo] = [
        .stub(id: 101, title: "Flowers", artistName: "Miley Cyrus", artistID: 137_057_909),
        .stub(id: 202, title: "Kill Bill", artistName: "SZA", artistID: 605_800_394),
    ]

    private static func chartSession(videos: MockMusicVideosRepository) async throws
        -> (ChartHarness, MockMusicVideoChartsRepository)
    {
        let charts = MockMusicVideoChartsRepository.returning(chart)
        let session = try ChartHarness(arguments: ["-i", "--top"], charts: charts, videos: videos)
        await session.coordinator.waitUntilIdle()
        return (session, charts)
    }

    @Test("Given a chart row whose artist has no videos, when a, then the chart stays and the status line says so")
    func artistWithNothingStays() async throws {
        let videos = MockMusicVideosRepository(artist: { _ throws(CatalogError) in [] })
        let (session, _) = try await Self.chartSession(videos: videos)
        let stacked = session.coordinator.stack.count
        await session.type(.character("a"))
        #expect(videos.artistQueries.map(\.artistID) == [137_057_909])
        #expect(session.lines[0].hasPrefix("Top music videos chart in US"), "\(session.screen)")
        #expect(session.coordinator.stack.count == stacked)  // no empty list to leave
        #expect(session.screen.contains("Miley Cyrus has no other music videos in US"), "\(session.screen)")
        #expect(!session.screen.contains("No music videos found"))
    }

    @Test("Given a chart row the store's lookup does not find, when m, then the message names its title, not its id")
    func moreLikeAVideoNotFoundSaysItsTitle() async throws {
        let videos = MockMusicVideosRepository(lookup: { _ throws(CatalogError) in nil })
        let (session, _) = try await Self.chartSession(videos: videos)
        await session.type(.character("m"))
        #expect(videos.lookedUpQueries.map(\.id) == [101])
        #expect(session.lines[0].hasPrefix("Top music videos chart in US"))
        let screen = FullScreenSession.frame(of: session.coordinator, columns: 160, rows: 12).text
        #expect(screen.contains("the US store does not find \"Flowers\": nothing like it to show"), "\(screen)")
        #expect(!screen.contains("101"), "\(screen)")
    }

    @Test(
        "Given a details lookup that failed, when a key says something, then that comes first and the failure stays beside it"
    )
    func aNoticeKeepsTheFailure() async throws {
        let videos = MockMusicVideosRepository(lookup: { _ throws(CatalogError) in
            throw .serviceUnavailable(statusCode: 503)
        })
        let (session, _) = try await Self.chartSession(videos: videos)
        await session.type(.enter)
        #expect(session.lines[0] == "Flowers")  // the row's own details, shown rather than nothing
        #expect(session.screen.contains("the iTunes service is unavailable (HTTP 503)"), "\(session.screen)")
        await session.type(.character("Y"))
        // The notice never hides why the lookup failed (issue 27 item 5): both, the notice first.
        #expect(
            session.screen.contains("this video has no preview to copy · the iTunes service is unavailable (HTTP 503)"),
            "\(session.screen)")
        await session.type(.down)
        #expect(session.screen.contains("the iTunes service is unavailable (HTTP 503)"), "\(session.screen)")
        #expect(!session.screen.contains("no preview to copy"))
    }

    @Test("Given a details lookup that found nothing, then r retry is offered and r looks it up again")
    func retryAfterNotFound() async throws {
        let found = Locked(false)
        let videos = MockMusicVideosRepository(lookup: { query throws(CatalogError) in
            found.value ? .stub(id: query.id, title: "Flowers (looked up)") : nil
        })
        let (session, _) = try await Self.chartSession(videos: videos)
        await session.type(.enter)
        let wide = { FullScreenSession.frame(of: session.coordinator, columns: 200, rows: 12).text }
        #expect(wide().contains("the store did not find \"Flowers\""), "\(wide())")
        #expect(!wide().contains("101"))
        #expect(wide().contains("r retry"), "\(wide())")
        found.withLock { $0 = true }
        await session.type(.character("r"))
        #expect(videos.lookedUpQueries.count == 2)
        #expect(session.lines[0] == "Flowers (looked up)")
        #expect(!wide().contains("r retry"), "\(wide())")  // nothing left to retry
        #expect(!wide().contains("does nothing here"))
    }

    @Test("Given a filter that matches no row, then the status line offers no key that acts on a row")
    func noRowKeysUnderAnEmptyFilter() async throws {
        let session = try FullScreenSessionTests.Harness(repository: FullScreenSessionTests.paging(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        session.columns = 200
        #expect(session.statusLine.contains("Enter details"), "\(session.statusLine)")
        await session.type(.character("/"))
        await session.type(text: "zzz")
        await session.type(.enter)
        let hints = session.statusLine
        #expect(hints.contains("0/5"), "\(hints)")
        for offered in ["Enter", "↑/↓", "p play", "a artist", "m more", "o open", "S sort", "v pane"] {
            #expect(!hints.contains(offered), "\(offered) in \(hints)")
        }
        #expect(hints.contains("/ filter"), "\(hints)")  // the filter can still be changed
        #expect(hints.contains("Esc clear"), "\(hints)")
        let help = session.coordinator.stack.last?.help.map(\.key) ?? []
        #expect(!help.contains("p") && !help.contains("a"), "\(help)")
    }

    @Test("Given a preview playing, then x stop is offered over lists and details, never over the search field")
    func stopKeyOnlyWhereItWorks() async throws {
        let session = try FullScreenSessionTests.Harness(repository: FullScreenSessionTests.paging(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        let playing = "▶ Video 1" + PreviewPlayback.stopHint
        let results = session.coordinator.stack.last
        #expect(session.coordinator.status.playing(playing, over: results) == playing)
        await session.type(.enter)
        #expect(session.coordinator.status.playing(playing, over: session.coordinator.stack.last) == playing)
        await session.type(.character("s"))
        let search = try #require(session.coordinator.stack.last)
        #expect(search.capturesText)
        #expect(session.coordinator.status.playing(playing, over: search) == "▶ Video 1")
        #expect(!search.help.contains { $0.key.split(separator: " ").contains("x") })  // its help agrees
        // A notice of what plays (the next clip started) says it the same way.
        session.coordinator.report(playing)
        #expect(session.coordinator.status.message(over: search) == "▶ Video 1")
    }

    @Test("Given a refused country on a chart, when letters follow, then they are a new code, not added to the old")
    func countryPromptStartsAgainAfterARefusal() async throws {
        let (session, charts) = try await Self.chartSession(videos: TopChartSessionTests.lookingUp())
        await session.type(.character("c"), .character("z"), .character("z"), .enter)
        #expect(session.screen.contains("\"zz\" is no country's code — type one such as GB or JP"), "\(session.screen)")
        #expect(session.lines.contains("Country (two letters, as GB):"), "\(session.screen)")  // empty again
        await session.type(.character("g"), .character("b"), .enter)
        #expect(charts.chartQueries.last?.country == "GB")
        #expect(session.lines[0].hasPrefix("Top music videos chart in GB"), "\(session.lines[0])")
    }
}
