import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// The help box as the session sizes it: laid out when it opens and when the terminal's size
/// changes (never while drawing), closed by any key when every line shows, as its title says, and
/// named in the status line instead of the screen's keys below it.
@MainActor
@Suite("The help box at the terminal's size")
struct HelpBoxSessionTests {
    private typealias Harness = FullScreenSessionTests.Harness

    @Test("Given a list, its keys go to its view model, the screen's key input; the view only draws")
    func listKeysGoToTheViewModel() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        let list = try #require(session.coordinator.screen as? FullScreenListView<MusicVideosListItemViewModel>)
        #expect(list.keyInput === list.viewModel)
        await session.type(.down)
        #expect(list.viewModel.current.selection == 1)
        #expect(session.selectedLine?.hasPrefix("› 2  Video 2") == true)
    }

    @Test("Given the help open where it scrolls, j scrolls it and the status line says so; grown, any key closes it")
    func anyKeyClosesWhenAllShow() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "clairo")
        session.rows = 10
        await session.coordinator.waitUntilIdle()
        _ = session.screen  // drawn at 80 × 10: the session says the size before the first frame at it
        await session.type(.character("?"))
        #expect(session.screen.contains("↓ more"))
        #expect(session.statusLine == "↑/↓ j/k scroll · any other key closes")
        await session.type(.character("j"))
        #expect(session.coordinator.help.isOpen && session.coordinator.help.top == 1)

        session.rows = 60  // the window grows: every line shows
        #expect(session.screen.contains("Keys · any key closes"))
        #expect(session.statusLine == "any key closes the help")
        await session.type(.character("j"))
        #expect(!session.coordinator.help.isOpen)
        #expect(session.statusLine.contains("? help"))
    }

    @Test("Given the help opened while the rows load, when they arrive and it grows, then ↓ scrolls it, not closes it")
    func linesGrowWhileOpen() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        session.rows = 24
        _ = session.screen
        _ = session.coordinator.handle(.character("a"))
        _ = session.coordinator.handle(.enter)
        _ = session.coordinator.handle(.character("?"))  // first: acts at once, over a list with no rows
        #expect(session.coordinator.help.isOpen)
        #expect(session.statusLine.hasSuffix("any key closes the help"))
        await session.coordinator.waitUntilIdle()  // the rows: the list's keys grow the box
        #expect(session.screen.contains("↓ more"))
        await session.type(.down)
        #expect(session.coordinator.help.isOpen && session.coordinator.help.top == 1)
    }
}
