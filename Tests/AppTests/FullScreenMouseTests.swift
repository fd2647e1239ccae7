import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// The mouse in the full-screen session, as scripts of mouse events over the real views and view
/// models (mock repositories below): the wheel moves a list's selection and scrolls the details
/// and the help, a click selects the row drawn under it, a double click on the clock the test
/// sets opens it; releases, and clicks on the title, the headers and the status line, do nothing.
@MainActor
@Suite("The mouse in the full-screen session")
struct FullScreenMouseTests {
    typealias Harness = FullScreenSessionTests.Harness

    /// A session on the results for "x" (12 videos, 5 a page), its clock stopped at `time`.
    @MainActor
    private final class Session {
        let harness: Harness
        var time = ContinuousClock.now

        init(
            recent: [String] = [], term: String? = "x", arguments: [String] = ["-i"],
            artists: MockMusicArtistsRepository? = nil, repository: MockMusicVideosRepository? = nil
        ) async throws {
            harness = try Harness(
                repository: repository ?? FullScreenSessionTests.paging(), recent: recent, term: term,
                arguments: arguments, artists: artists)
            harness.coordinator.reportsMouse = true
            harness.coordinator.now = { [unowned self] in time }
            await harness.coordinator.waitUntilIdle()
        }

        @discardableResult
        func send(_ button: MouseEvent.Button, _ action: MouseEvent.Action = .press, row: Int, column: Int = 10) async
            -> FullScreenFlowCoordinator.Command
        {
            await harness.type(.mouse(MouseEvent(button, action, column: column, row: row)))
        }

        /// A press and its release on the line that shows `text`; `false` when no line does.
        @discardableResult
        func click(on text: String) async -> Bool {
            guard let row = harness.lines.firstIndex(where: { $0.contains(text) }) else { return false }
            await send(.left, row: row)
            await send(.left, .release, row: row)
            return true
        }
    }

    @Test("Given the results, when the wheel turns down and up, then the selection moves three rows a notch")
    func wheelMovesTheSelection() async throws {
        let session = try await Session()
        let harness = session.harness
        #expect(harness.selectedLine?.hasPrefix("› 1  Video 1") == true)
        await session.send(.wheelDown, row: 3)
        #expect(harness.selectedLine?.hasPrefix("› 4  Video 4") == true)
        await session.send(.wheelUp, row: 3)
        #expect(harness.selectedLine?.hasPrefix("› 1  Video 1") == true)
        // Past the last row the next page comes, as with ↓.
        await session.send(.wheelDown, row: 3)
        await session.send(.wheelDown, row: 3)
        #expect(harness.repository.searchedQueries.map(\.offset) == [0, 5])
        #expect(harness.selectedLine?.hasPrefix("›  6  Video 6") == true, "\(harness.screen)")
    }

    @Test("Given the results, when a row is clicked, then it is selected; a second press within 400 ms opens it")
    func clickSelectsDoubleClickOpens() async throws {
        let session = try await Session()
        let harness = session.harness
        #expect(await session.click(on: "Video 3"))
        #expect(harness.selectedLine?.hasPrefix("› 3  Video 3") == true)
        #expect(harness.lines[0].hasPrefix("Music videos for"))
        // Too late for a double click: a first click again, on row 4.
        session.time += .milliseconds(200)
        #expect(await session.click(on: "Video 4"))
        session.time += .milliseconds(401)
        #expect(await session.click(on: "Video 4"))
        #expect(harness.lines[0].hasPrefix("Music videos for"))
        #expect(harness.selectedLine?.hasPrefix("› 4  Video 4") == true)
        // In time: the details, as Enter opens them.
        session.time += .milliseconds(399)
        #expect(await session.click(on: "Video 4"))
        #expect(harness.lines[0] == "Video 4")
        // The details take clicks as nothing; Esc comes back to the row.
        session.time += .milliseconds(100)
        await session.send(.left, row: 3)
        #expect(harness.lines[0] == "Video 4")
        await harness.type(.escape)
        #expect(harness.selectedLine?.hasPrefix("› 4  Video 4") == true)
    }

    @Test("Given the results, then clicks on the title, the headers, below the rows and the status line do nothing")
    func clicksElsewhere() async throws {
        let session = try await Session()
        let harness = session.harness
        await session.send(.wheelDown, row: 3)
        let before = harness.screen
        for row in [0, 1, 7, 8, harness.rows - 1, harness.rows + 5] {
            session.time += .seconds(1)
            #expect(await session.send(.left, row: row) == .none)
            await session.send(.left, .release, row: row)
            await session.send(.middle, row: row)
            await session.send(.right, row: row)
        }
        #expect(harness.screen == before)
        #expect(harness.repository.searchedQueries.count == 1)
    }

    @Test("Given a lasting notice, a release leaves it and the next press clears it, as the next key does")
    func noticeAndRelease() async throws {
        let session = try await Session()
        let harness = session.harness
        await harness.type(.character("9"), .enter)
        #expect(harness.screen.contains("there is no row 9"))
        await session.send(.left, .release, row: 3)
        #expect(harness.screen.contains("there is no row 9"))
        await session.send(.wheelDown, row: 3)
        #expect(!harness.screen.contains("there is no row 9"))
    }

    @Test("Given the details taller than the screen, when the wheel turns, then they scroll three lines a notch")
    func wheelScrollsTheDetails() async throws {
        let session = try await Session()
        let harness = session.harness
        harness.rows = 7
        await harness.type(.enter)
        #expect(harness.lines[0] == "Video 1")
        let top = harness.lines[2]
        await session.send(.wheelDown, row: 3)
        #expect(harness.lines[2] != top)
        await harness.type(.up, .up, .up)
        #expect(harness.lines[2] == top)
        await session.send(.wheelDown, row: 3)
        await session.send(.wheelUp, row: 3)
        #expect(harness.lines[2] == top)
    }

    @Test("Given the help open, then the wheel scrolls it, and a click closes it; the help names the mouse")
    func help() async throws {
        let session = try await Session()
        let harness = session.harness
        await harness.type(.character("?"))
        #expect(harness.screen.contains("┌ Keys 1–7 of 28"))
        await session.send(.wheelDown, row: 3)
        #expect(harness.screen.contains("┌ Keys 3–10 of 28 · ↑/↓ more"))
        await harness.type(.end)
        #expect(harness.screen.contains("│ click, double click"))
        await session.send(.wheelDown, row: 3)  // at the end: stays
        #expect(harness.screen.contains("┌ Keys 20–28 of 28 · ↑ more"))
        await session.send(.wheelLeft, row: 3)  // sideways: nothing, the help stays
        #expect(harness.screen.contains("┌ Keys 20–28 of 28"))
        await session.send(.left, row: 3)
        #expect(!harness.screen.contains("┌ Keys"))
        #expect(harness.selectedLine?.hasPrefix("› 1  Video 1") == true)  // the click closed it, nothing more
    }

    @Test(
        "Given -i --artists, then the wheel moves the artists' selection and a double click lists that artist's videos")
    func artists() async throws {
        let artists = MockMusicArtistsRepository.returning(FullScreenListSessionTests.artists)
        let videos = FullScreenListSessionTests.videos()
        let session = try await Session(
            term: nil, arguments: ["-i", "--artists", "clairo"], artists: artists, repository: videos)
        let harness = session.harness
        #expect(harness.selectedLine?.hasPrefix("› 1  Clairo ") == true)
        await session.send(.wheelDown, row: 3)
        #expect(harness.selectedLine?.hasPrefix("› 3  Clairvoyant") == true)
        await session.send(.wheelUp, row: 3)
        #expect(harness.selectedLine?.hasPrefix("› 1  Clairo ") == true)
        #expect(await session.click(on: "Clairo & Friends"))
        #expect(harness.selectedLine?.hasPrefix("› 2  Clairo & Friends") == true)
        #expect(videos.artistQueries.isEmpty)
        session.time += .milliseconds(250)
        #expect(await session.click(on: "Clairo & Friends"))
        #expect(videos.artistQueries.map(\.artistID) == [22])
        #expect(harness.lines[0].hasPrefix("Music videos by Clairo & Friends"))
        // The press right after, on the same cell of the new screen, is a first click: it selects, nothing opens.
        session.time += .milliseconds(100)
        #expect(harness.lines.firstIndex { $0.contains("Song 2 of 22") } == 3)
        #expect(await session.click(on: "Song 2 of 22"))
        #expect(harness.lines[0].hasPrefix("Music videos by Clairo & Friends"))
        #expect(harness.selectedLine?.hasPrefix("› 2  Song 2 of 22") == true)
    }

    @Test("Given recent searches, then a click puts one in the field and a double click searches for it again")
    func recentSearches() async throws {
        let session = try await Session(recent: ["clairo", "jack"], term: nil)
        let harness = session.harness
        #expect(await session.click(on: "  2  jack"))
        #expect(harness.lines[2] == "› jack")
        #expect(harness.repository.searchedQueries.isEmpty)
        // The heading and the field are not searches.
        session.time += .seconds(1)
        await session.send(.left, row: 4)
        await session.send(.left, row: 2)
        #expect(harness.lines[2] == "› jack")
        session.time += .seconds(1)
        #expect(await session.click(on: "  1  clairo"))
        session.time += .milliseconds(300)
        #expect(await session.click(on: "  1  clairo"))
        #expect(harness.repository.searchedQueries.map(\.term) == ["clairo"])
        #expect(harness.lines[0].hasPrefix("Music videos for \"clairo\""))
    }
}
