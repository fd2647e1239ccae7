import Domain
import Foundation
import Mocks
import Presentation
import Testing

@testable import App

/// The full-screen session fetching the next page before it is asked for, as key scripts over a
/// mock repository whose pages past the first wait until the test lets them through.
@MainActor
@Suite("The full-screen session prefetches")
struct FullScreenPrefetchTests {
    /// Holds requests until opened; a held request that is cancelled ends at once, and only it:
    /// the others stay held. (An `AsyncStream` would not do: one waiter's cancellation ends the
    /// stream, which let every later request through, so a new search's background page came
    /// back at once and asked for the page after it.)
    final class Gate: Sendable {
        private struct State {
            var isOpen = false
            var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
            var lastWaiter = 0
        }

        private let state = Locked(State())

        /// Waits until opened, or until the waiting task is cancelled.
        /// - Returns: Whether it was opened (not cancelled).
        func pass() async -> Bool {
            let id = state.withLock { state in
                state.lastWaiter += 1
                return state.lastWaiter
            }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    // Under the lock: a cancellation either came before (seen here) or finds the waiter.
                    let now = state.withLock { state -> Bool? in
                        if state.isOpen { return true }
                        if Task.isCancelled { return false }
                        state.waiters[id] = continuation
                        return nil
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiting { waiter.resume(returning: true) }
        }
    }

    /// Pages of `limit` videos up to `total`; a page past the first waits for its offset's gate
    /// (when it has one), and a page cancelled while waiting is counted; `answered` gets each
    /// offset as its page is returned (so a failure can say whether a page was lost on its way
    /// to the screen or never came back from the repository).
    nonisolated static func gatedPaging(
        total: Int, gates: [Int: Gate], cancelled: Locked<[Int]>, answered: Locked<[Int]> = Locked([])
    ) -> MockMusicVideosRepository {
        MockMusicVideosRepository(search: { query throws(CatalogError) in
            if let gate = gates[query.offset], await !gate.pass() {
                cancelled.withLock { $0.append(query.offset) }
                throw .cancelled
            }
            let ids = Array((query.offset + 1)...(query.offset + query.limit)).filter { $0 <= total }
            let videos = ids.map { MusicVideo.stub(id: $0, title: "Video \($0)", artistID: 100 + $0) }
            answered.withLock { $0.append(query.offset) }
            return MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        })
    }

    @Test(
        "Within a screen of the last row the next offset is asked for once, in the background; moving past the last row waits for that request instead of making another, and lands on its first row"
    )
    func nextOffsetOnce() async throws {
        let cancelled = Locked<[Int]>([])
        let gate = Gate()
        // The page after it is held too: landing on row 11 puts row 20 within a screen, and that
        // prefetch must not have arrived when the test looks at the rows.
        let next = Gate()
        let session = try FullScreenSessionTests.Harness(
            repository: Self.gatedPaging(total: 100, gates: [10: gate, 20: next], cancelled: cancelled), limit: 10,
            term: "x", prefetches: true)
        session.rows = 14  // ten rows of list: the whole first page is within a screen of its end
        _ = session.screen
        await session.coordinator.waitUntilIdle()

        await eventually { session.repository.searchedQueries.map(\.offset) == [0, 10] }
        #expect(session.lines[0] == "Music videos for \"x\"  1–10, more below")  // nothing shown yet
        await session.type(.down, .down, .end)  // the same page again: no second request
        #expect(session.repository.searchedQueries.map(\.offset) == [0, 10])

        _ = session.coordinator.handle(.down)  // past the last row, while the page is on its way
        await Task.yield()
        #expect(session.repository.searchedQueries.map(\.offset) == [0, 10])
        gate.open()
        await session.coordinator.waitUntilIdle()
        await eventually { session.selectedLine?.hasPrefix("› 11  Video 11") == true }
        #expect(session.lines[0].hasPrefix("Music videos for \"x\"  1–20"))
        next.open()
        await eventually { session.lines[0].hasPrefix("Music videos for \"x\"  1–30") }
        #expect(cancelled.value.isEmpty)
    }

    @Test("A page fetched in the background is added below at once, the selection staying where it is")
    func addedInPlace() async throws {
        let answered = Locked<[Int]>([])
        let session = try FullScreenSessionTests.Harness(
            repository: Self.gatedPaging(total: 100, gates: [:], cancelled: Locked([]), answered: answered), limit: 10,
            term: "x", prefetches: true)
        let state = { @MainActor in
            "asked \(session.repository.searchedQueries.map(\.offset)), answered \(answered.value)\n\(session.screen)"
        }
        session.rows = 14
        _ = session.screen
        await session.coordinator.waitUntilIdle()
        await session.type(.down, .down)

        await eventually({ session.lines[0] == "Music videos for \"x\"  1–20, more below" }, state: state)
        #expect(session.selectedLine?.hasPrefix("›  3  Video 3") == true, "\(session.screen)")
        #expect(session.repository.searchedQueries.map(\.offset) == [0, 10])  // row 3 is a screen from row 20
        await session.type(.end)  // row 20: the next page is within a screen again
        // Not `== [0, 10, 20]`: once rows 21–30 land, row 20 is within a screen of row 30, so
        // offset 30 is asked for at once, and the list of offsets can pass [0, 10, 20] between
        // two looks; it never comes back (in CI's loop the wait then ran out at 60 s).
        await eventually({ session.repository.searchedQueries.map(\.offset).starts(with: [0, 10, 20]) }, state: state)
        await session.type(.down)
        #expect(session.selectedLine?.hasPrefix("› 21  Video 21") == true)
        let offsets = session.repository.searchedQueries.map(\.offset)
        #expect(Set(offsets).count == offsets.count, "a page asked for twice: \(offsets)")
    }

    @Test("A new search cancels the page being fetched in the background")
    func newSearchCancels() async throws {
        let cancelled = Locked<[Int]>([])
        let session = try FullScreenSessionTests.Harness(
            repository: Self.gatedPaging(total: 100, gates: [10: Gate()], cancelled: cancelled), limit: 10,
            term: "x", prefetches: true)
        session.rows = 14
        _ = session.screen
        await session.coordinator.waitUntilIdle()
        await eventually { session.repository.searchedQueries.map(\.offset) == [0, 10] }

        await session.type(.character("s"))
        await session.type(.control("u"))
        await session.type(text: "y")
        await session.type(.enter)

        await eventually { cancelled.value == [10] }
        // The new search's own background page is held at the gate too: nothing is asked after it.
        await eventually { session.repository.searchedQueries.map(\.term) == ["x", "x", "y", "y"] }
        #expect(session.lines[0].hasPrefix("Music videos for \"y\"  1–"))
    }

    @Test("A failed background fetch says nothing until the user moves past the last row; then r asks again")
    func failureAtTheEnd() async throws {
        let failures = Locked(1)
        let repository = MockMusicVideosRepository(search: { query throws(CatalogError) in
            if query.offset > 0,
                failures.withLock({ count in
                    defer { count -= 1 }
                    return count > 0
                })
            {
                throw .serviceUnavailable(statusCode: 503)
            }
            let ids = Array((query.offset + 1)...(query.offset + query.limit))
            let videos = ids.map { MusicVideo.stub(id: $0, title: "Video \($0)", artistID: 100 + $0) }
            return MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        })
        let session = try FullScreenSessionTests.Harness(
            repository: repository, limit: 10, term: "x", prefetches: true)
        session.rows = 14
        _ = session.screen
        await session.coordinator.waitUntilIdle()
        await eventually { failures.value == 0 }
        await session.type(.end)
        #expect(!session.screen.contains("unavailable"))
        #expect(session.repository.searchedQueries.map(\.offset) == [0, 10])  // not asked again on its own

        await session.type(.down)
        #expect(session.screen.contains("unavailable"))
        #expect(session.statusLine.contains("r retry"))
        #expect(session.repository.searchedQueries.map(\.offset) == [0, 10])

        await session.type(.character("r"))
        #expect(session.repository.searchedQueries.map(\.offset).prefix(3) == [0, 10, 10])
        #expect(session.selectedLine?.hasPrefix("› 11  Video 11") == true, "\(session.screen)")
    }
}
