import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// The picker's status line while a row's number is typed: its Esc cancels the number (as in
/// `-i`), so the line says so, not `Esc quit`.
@MainActor
@Suite("The picker's hint while a number is typed")
struct PickerNumberHintTests {
    @Test(
        "Given the picker's first list, when 3 is typed, then the status line says Esc cancel; Esc then keeps the pick")
    func escCancelsTheNumber() async throws {
        let session = try FullScreenSessionTests.Harness(repository: FullScreenSessionTests.paging(total: 4), term: "x")
        session.coordinator.isPicking = true
        await session.coordinator.waitUntilIdle()
        #expect(session.statusLine.contains("Esc quit"))
        await session.type(.character("3"))
        #expect(session.statusLine.contains("Esc cancel"), "\(session.statusLine)")
        #expect(!session.statusLine.contains("Esc quit"), "\(session.statusLine)")
        #expect(await session.type(.escape) == .none)  // the number goes, the pick stays
        #expect(session.statusLine.contains("Esc quit"))
    }
}
