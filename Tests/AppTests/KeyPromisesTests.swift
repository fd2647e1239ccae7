import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// Issue 27 item 5: keys that keep their promises — the picker's Esc, an unbound key's notice,
/// a wait's seconds at 80 columns, notices styled apart from errors.
@MainActor
@Suite("Keys that keep their promises")
struct KeyPromisesTests {
    typealias Harness = FullScreenSessionTests.Harness

    private func picker() async throws -> Harness {
        let session = try Harness(repository: FullScreenSessionTests.paging(total: 4), term: "x")
        session.coordinator.isPicking = true
        await session.coordinator.waitUntilIdle()
        return session
    }

    @Test("Given the picker with a filter, Esc clears the filter first; with marks it asks, and a second Esc quits")
    func pickerEscape() async throws {
        let session = try await picker()
        #expect(session.statusLine.contains("Esc quit"))
        await session.type(.tab)
        #expect(session.statusLine.contains("Esc drop marks, quit"))
        await session.type(.character("/"), .character("2"))
        #expect(await session.type(.escape) == .none)  // the filter goes, the pick stays
        #expect(!session.screen.contains("/2"))
        #expect(await session.type(.escape) == .none)  // one row marked: asked first
        #expect(session.screen.contains("Esc again quits and drops the 1 marked"))
        #expect(await session.type(.escape) == .exit(.interrupted))
    }

    @Test("Given the picker with marks, when Esc then another key, then the question is dropped and Esc asks again")
    func pickerEscapeAsksAgain() async throws {
        let session = try await picker()
        await session.type(.tab)
        #expect(await session.type(.escape) == .none)
        await session.type(.down)
        #expect(await session.type(.escape) == .none)
        #expect(await session.type(.escape) == .exit(.interrupted))
    }

    @Test("Given the results, when Space (unbound) is pressed, then the notice names it")
    func spaceNamed() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "x")
        await session.coordinator.waitUntilIdle()
        await session.type(.character(" "))
        #expect(session.screen.contains("Space does nothing here — ? lists the keys"))
    }

    @Test("Given a wait at 80 columns with a long request, then its seconds and Ctrl-C cancels stay whole")
    func waitKeepsItsSeconds() {
        let activity = FullScreenChrome.ActivityLine(
            "Loading music videos for \"the very long name of a band nobody can spell\"", elapsedSeconds: 12)
        let line = FullScreenChrome.statusLine(
            columns: 80, activity: activity, spinnerTick: 0, message: nil,
            keys: [KeyHint("Enter", "details")] + KeyHint.leave
        ).text
        #expect(DisplayWidth.of(line) <= 80, "\(line)")
        #expect(line.contains("· waited 12 s · Ctrl-C cancels"), "\(line)")
        #expect(line.contains("Esc"), "\(line)")
    }

    @Test("Given a notice of what a key did, then it is bold, not red as an error is")
    func noticeStyle() {
        let notice = FullScreenChrome.statusLine(
            columns: 80, activity: nil, spinnerTick: 0, message: "copied the page URL", messageIsError: false,
            keys: KeyHint.leave)
        #expect(!notice.runs.contains { $0.attributes.contains(.red) })
        #expect(notice.runs.contains { $0.attributes.contains(.bold) })
        let error = FullScreenChrome.statusLine(
            columns: 80, activity: nil, spinnerTick: 0, message: "the service is down", keys: KeyHint.leave)
        #expect(error.runs.contains { $0.attributes.contains(.red) })
    }
}
