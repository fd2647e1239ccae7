import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// The picker's keys on the session's coordinator: what Enter, Tab, Esc and q end with.
@MainActor
@Suite("The picker session")
struct PickSessionTests {
    typealias Harness = FullScreenSessionTests.Harness

    /// Plain lines, as the one-shot output writes them.
    private struct PlainRenderers: ListRendererMaking {
        func renderer<Row: ListRowDescribing>(for row: Row.Type) -> any ListRenderer<Row> { PlainRenderer<Row>() }
    }

    private func picker() async throws -> Harness {
        let session = try Harness(repository: FullScreenSessionTests.paging(total: 4), term: "x")
        session.coordinator.isPicking = true
        await session.coordinator.waitUntilIdle()
        return session
    }

    /// The track ids of the rows picked, from their plain lines.
    private func pickedIDs(_ session: Harness) -> [String] {
        let text = session.coordinator.picked?.text(with: PlainRenderers()) ?? ""
        return text.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test("Given Tab on rows 1 and 3, when Enter is pressed, then the session ends with those two rows picked")
    func tabAndEnter() async throws {
        let session = try await picker()
        #expect(await session.type(.tab) == .none)
        #expect(session.selectedLine?.hasPrefix("› 2") == true)  // Tab moved down
        await session.type(.down, .tab)
        #expect(session.statusLine.hasPrefix("2 marked · Enter print marked"))
        #expect(session.lines.contains { $0.hasPrefix(" ✓1  Video 1") })
        #expect(await session.type(.enter) == .exit(.success))
        #expect(pickedIDs(session) == ["1", "3"])
    }

    @Test("Shift-Tab marks and moves up; Enter with nothing marked picks the selected row")
    func backTabAndSelected() async throws {
        let session = try await picker()
        await session.type(.down, .down, .backTab, .backTab)
        #expect(session.statusLine.hasPrefix("2 marked"))  // rows 3 and 2, the selection on row 1
        await session.type(.backTab)  // row 1 too
        #expect(await session.type(.enter) == .exit(.success))
        #expect(pickedIDs(session) == ["1", "2", "3"])
    }

    @Test("Given a row's details opened with →, when Enter is pressed there, then that video is picked")
    func details() async throws {
        let session = try await picker()
        await session.type(.down, .right)
        #expect(session.coordinator.stack.count == 3)
        #expect(await session.type(.enter) == .exit(.success))
        #expect(pickedIDs(session) == ["2"])
    }

    @Test("Given rows marked on the list, when Enter is pressed on a video's details, then the marked rows are picked")
    func detailsWithMarks() async throws {
        let session = try await picker()
        await session.type(.tab, .tab)  // rows 1 and 2 marked, row 3 selected
        await session.type(.right)
        #expect(session.statusLine.hasPrefix("2 marked · Enter print marked"))
        #expect(await session.type(.enter) == .exit(.success))
        #expect(pickedIDs(session) == ["1", "2"])
    }

    @Test("Given the picker, when a row is double-clicked, then it is picked as Enter picks it")
    func doubleClickPicks() async throws {
        let session = try await picker()
        session.coordinator.reportsMouse = true
        let clock = ContinuousClock.now
        session.coordinator.now = { clock }
        guard let line = session.lines.firstIndex(where: { $0.contains("Video 3") }) else {
            Issue.record("row 3 is not drawn: \(session.screen)")
            return
        }
        var commands: [FullScreenFlowCoordinator.Command] = []
        for action in [MouseEvent.Action.press, .release, .press] {
            commands.append(await session.type(.mouse(MouseEvent(.left, action, column: 10, row: line))))
        }
        #expect(commands == [.none, .none, .exit(.success)])
        #expect(pickedIDs(session) == ["3"])
    }

    @Test("The picker's help says what Enter and q do there, once: no 'quit' or 'details' for Enter beside it")
    func pickerHelp() async throws {
        let session = try await picker()
        session.rows = 60
        await session.type(.character("?"))
        #expect(session.screen.contains("│ Enter "))
        #expect(!session.screen.contains("│ q "))
        #expect(!session.screen.contains("│ Enter →"))
        #expect(session.screen.contains("│ Esc q Ctrl-C"))
        await session.type(.escape, .right, .character("?"))
        #expect(session.screen.contains("│ q Ctrl-C"))
        #expect(!session.screen.contains("│ q  "))
    }

    @Test("Given a filter that hides every row, Enter picks nothing and says why; the session goes on")
    func nothingShown() async throws {
        let session = try await picker()
        await session.type(.character("/"))
        await session.type(text: "zzzz")
        await session.type(.enter)  // keeps the filter
        #expect(!session.statusLine.contains("Enter"), "\(session.statusLine)")  // not offered: nothing to print
        #expect(await session.type(.enter) == .none)
        #expect(session.screen.contains("nothing to print: no row is shown — Esc clears the filter"))
        #expect(session.coordinator.picked == nil)
    }

    @Test("Esc on the first list, q anywhere and Ctrl-C at idle end the pick with nothing picked: 130")
    func cancelled() async throws {
        for key in [Key.escape, .character("q"), .control("c")] {
            let session = try await picker()
            await session.type(.tab)
            // With a row marked, Esc asks before it drops it: a second Esc ends the pick.
            let command = key == .escape ? await session.type(.escape, .escape) : await session.type(key)
            #expect(command == .exit(.interrupted), "\(key)")
            #expect(session.coordinator.picked == nil)
        }
        // Esc in the details goes back, as everywhere.
        let session = try await picker()
        #expect(await session.type(.right, .escape) == .none)
        #expect(session.coordinator.stack.count == 2)
    }

    @Test("Given rows marked on an artist's list in the picker, when Esc, then it asks before dropping them")
    func escapeOnAnArtistListAsks() async throws {
        let video = MusicVideo.stub(id: 7, title: "Bags", artistName: "Clairo", artistID: 42)
        let repository = MockMusicVideosRepository(
            search: { query throws(CatalogError) in MusicVideoPage(query: query, videos: [video], rowCount: 1) },
            artist: { _ throws(CatalogError) in [video] })
        let session = try Harness(repository: repository, term: "clairo")
        session.coordinator.isPicking = true
        await session.coordinator.waitUntilIdle()
        await session.type(.character("a"))
        #expect(session.lines[0].hasPrefix("Music videos by Clairo"))
        await session.type(.tab)
        #expect(session.statusLine.contains("Esc drop marks, back"), "\(session.statusLine)")
        #expect(await session.type(.escape) == .none)
        #expect(session.coordinator.stack.count == 3)  // still on her list, its mark kept
        #expect(session.screen.contains("Esc again goes back and drops the 1 marked — Enter prints them"))
        #expect(await session.type(.escape) == .none)
        #expect(session.coordinator.stack.count == 2)
        #expect(session.coordinator.picked == nil)
    }

    @Test("Given a row marked on the results and one on an artist's list over them, when Enter, then both are picked")
    func marksOnEveryListArePicked() async throws {
        let bags = MusicVideo.stub(id: 7, title: "Bags", artistName: "Clairo", artistID: 42)
        let racecar = MusicVideo.stub(id: 9, title: "Racecar", artistName: "Other", artistID: 43)
        let sofia = MusicVideo.stub(id: 8, title: "Sofia", artistName: "Clairo", artistID: 42)
        let repository = MockMusicVideosRepository(
            search: { query throws(CatalogError) in
                MusicVideoPage(query: query, videos: [bags, racecar], rowCount: 2)
            },
            artist: { _ throws(CatalogError) in [bags, sofia] })
        for marksHerList in [true, false] {
            let session = try Harness(repository: repository, term: "clairo")
            session.coordinator.isPicking = true
            await session.coordinator.waitUntilIdle()
            await session.type(.down, .tab, .home, .character("a"))  // Racecar marked; Clairo's list
            #expect(session.lines[0].hasPrefix("Music videos by Clairo"))
            if marksHerList { await session.type(.down, .tab) }  // Sofia marked too
            // The count is every list's: Enter writes them all.
            let count = marksHerList ? "2 marked" : "1 marked"
            #expect(session.statusLine.hasPrefix(count + " · Enter print marked"), "\(session.statusLine)")
            #expect(await session.type(.enter) == .exit(.success))
            #expect(pickedIDs(session) == (marksHerList ? ["9", "8"] : ["9"]), "\(marksHerList)")
        }
    }

    @Test("Without the picker, Tab marks the row (p plays the marked ones) and Enter opens the details")
    func notPicking() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(total: 4), term: "x")
        await session.coordinator.waitUntilIdle()
        await session.type(.tab)
        #expect(session.screen.contains("✓"))
        #expect(!session.statusLine.contains("Tab mark"))  // offered in the help, not the hints
        #expect(await session.type(.enter) == .none)
        #expect(session.coordinator.stack.count == 3)
    }

    @Test("S sorts the results, named in the title; with more pages the status line says only the rows loaded are")
    func sortKey() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(total: 12), term: "x")
        await session.coordinator.waitUntilIdle()
        session.columns = 120
        await session.type(.character("S"), .character("S"))
        #expect(session.lines[0].hasSuffix("· sorted by title"))
        #expect(session.statusLine.contains("sorted 5 loaded of more"))
        // Titles "Video 1" … "Video 5": A to Z is the same order; the selection stays on row 1.
        #expect(session.selectedLine?.hasPrefix("› 1  Video 1") == true)
    }
}
