import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// Keys typed before a list's first rows arrive: kept in order and handled once they are here,
/// as fzf keeps type-ahead; Esc drops them, and a load that finds nothing has no row for them.
@MainActor
@Suite("Keys typed ahead of a list's rows")
struct TypeAheadSessionTests {
    private typealias Harness = FullScreenSessionTests.Harness

    /// Types keys at once, as one fast read does: none waits for what the one before started.
    private func typeAtOnce(_ session: Harness, _ keys: [Key]) -> [FullScreenFlowCoordinator.Command] {
        keys.map { session.coordinator.handle($0) }
    }

    /// What the session does when a frame is due: the keys typed ahead, once their rows are here.
    private func replay(_ session: Harness) async {
        await session.coordinator.waitUntilIdle()
        for key in session.coordinator.takeTypedAhead() {
            _ = session.coordinator.handle(key)
            await session.coordinator.waitUntilIdle()
        }
    }

    @Test("Given clairo⏎jj⏎ typed faster than the search answers, when the rows arrive, then row 3's details open")
    func keptUntilTheRowsArrive() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        _ = typeAtOnce(
            session, "clairo".map { Key.character($0) } + [.enter, .character("j"), .character("j"), .enter])
        #expect(session.coordinator.typedAhead == [.character("j"), .character("j"), .enter])
        #expect(session.coordinator.takeTypedAhead().isEmpty)  // not while the rows load
        await replay(session)
        #expect(session.lines[0] == "Video 3")
        #expect(session.coordinator.typedAhead.isEmpty)
    }

    @Test("Given Ctrl-N twice and Enter typed ahead, with Ctrl-L between, then row 3's details open")
    func controlMovesWait() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        let keys: [Key] = [.character("a"), .enter, .control("n"), .control("l"), .control("n"), .enter]
        #expect(typeAtOnce(session, keys)[3] == .redrawAll)  // Ctrl-L acts at once, and drops nothing
        #expect(session.coordinator.typedAhead == [.control("n"), .control("n"), .enter])
        await replay(session)
        #expect(session.lines[0] == "Video 3")
    }

    @Test("Given s typed first while the rows load, then the search screen comes at once, nothing kept")
    func leavingKeysFirstActAtOnce() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        _ = typeAtOnce(session, [.character("a"), .enter, .character("s")])
        #expect(session.coordinator.typedAhead.isEmpty)
        #expect(session.coordinator.screens.isOnSearch)
    }

    @Test("Given a key kept for a load that then found nothing, when q comes before the frame, then q quits")
    func keyAfterAnEmptyLoadActs() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(total: 0))
        _ = typeAtOnce(session, [.character("a"), .enter, .character("j")])
        await session.coordinator.waitUntilIdle()  // nothing found; the session's frame not yet drawn
        #expect(session.coordinator.handle(.character("q")) == .exit(.success))
        #expect(session.coordinator.typedAhead.isEmpty)
    }

    @Test("Given a key held down through the load, past the limit, then none of it is kept")
    func heldDownIsDropped() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        let held = [Key](repeating: .character("j"), count: FullScreenFlowCoordinator.typeAheadLimit + 1)
        _ = typeAtOnce(session, [.character("a"), .enter] + held)
        #expect(session.coordinator.typedAhead.isEmpty)
        _ = typeAtOnce(session, [.enter])  // a key after it waits again
        #expect(session.coordinator.typedAhead == [.enter])
    }

    @Test("Given keys typed ahead, when Esc comes before the rows, then it goes back and the keys are dropped")
    func escapeDropsThem() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        let commands = typeAtOnce(session, "clairo".map { Key.character($0) } + [.enter, .character("j"), .escape])
        #expect(commands.last == FullScreenFlowCoordinator.Command.none)
        #expect(session.coordinator.typedAhead.isEmpty)
        await replay(session)
        #expect(session.lines[0].hasPrefix("Search"))
    }

    @Test("Given q typed first while the rows load, then it quits at once; typed after j, it waits with it")
    func qFirstQuits() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        #expect(typeAtOnce(session, [.character("a"), .enter, .character("q")]).last == .exit(.success))
        let filtering = try Harness(repository: FullScreenSessionTests.paging())
        let commands = typeAtOnce(filtering, [.character("a"), .enter, .character("/"), .character("q")])
        #expect(commands.last == FullScreenFlowCoordinator.Command.none)
        await replay(filtering)
        #expect(filtering.screen.contains("/q"))
    }

    @Test("Given j typed ahead of an artist's list that finds nothing and leaves, then j is not replayed below it")
    func listThatLeavesDropsThem() async throws {
        let video = MusicVideo.stub(id: 7, title: "Bags", artistName: "Clairo", artistID: 42)
        let other = MusicVideo.stub(id: 8, title: "Sofia", artistName: "Clairo", artistID: 42)
        let repository = MockMusicVideosRepository(
            search: { query throws(CatalogError) in MusicVideoPage(query: query, videos: [video, other], rowCount: 2) },
            artist: { _ throws(CatalogError) in [] })
        let session = try Harness(repository: repository, term: "clairo")
        await session.coordinator.waitUntilIdle()
        _ = typeAtOnce(session, [.character("a"), .character("j")])
        #expect(session.coordinator.typedAhead == [.character("j")])
        await session.coordinator.waitUntilIdle()
        #expect(session.lines[0].hasPrefix("Music videos for \"clairo\""))  // her list left at once
        #expect(session.coordinator.takeTypedAhead().isEmpty)
        #expect(session.selectedLine?.hasPrefix("› 1") == true)
    }

    @Test("Given keys typed ahead of a search that finds nothing, then there is no row for them: dropped")
    func nothingFoundDropsThem() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(total: 0))
        _ = typeAtOnce(session, [.character("a"), .enter, .character("j"), .enter])
        await session.coordinator.waitUntilIdle()
        #expect(session.coordinator.takeTypedAhead().isEmpty)
        #expect(session.coordinator.typedAhead.isEmpty)
        #expect(session.screen.contains("No music videos"))
    }
}
