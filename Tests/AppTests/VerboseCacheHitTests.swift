import Foundation
import Mocks
import Networking
import Presentation
import TerminalUI
import Testing

@testable import App

/// `-v` on an answer from the response cache: one line saying so, and how old it is.
@MainActor
@Suite("-v on a cache hit")
struct VerboseCacheHitTests {
    private static let storedAt = Date(timeIntervalSince1970: 1_700_000_000)
    private static let arguments = ["--base-url", "http://127.0.0.1:9/", "-l", "2", "clairo"]

    /// Runs the app over `store` at the time `now`, with `sessionManager` as the network.
    private func run(
        _ arguments: [String], store: InMemoryResponseCacheStore, now: Date, sessionManager: MockNetworkSessionManager
    ) async -> (App.ExitStatus, String) {
        let diagnostics = CapturingOutput()
        let console = Console.piped(diagnostics: diagnostics)
        let overrides = AppDIContainer.Overrides(
            sessionManager: sessionManager, recentSearchesRepository: InMemoryRecentSearchesRepository(),
            responseCacheStore: store, now: { now })
        let status = await Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console, overrides: overrides
        )
        .run()
        return (status, diagnostics.text)
    }

    /// A store holding the answer to `arguments`, stored at `storedAt`.
    private func filledStore() async throws -> InMemoryResponseCacheStore {
        let store = InMemoryResponseCacheStore()
        let (status, _) = await run(
            Self.arguments, store: store, now: Self.storedAt,
            sessionManager: .answering(body: try Fixture.data("search-musicvideo-clairo")))
        #expect(status == .success)
        #expect(store.stored.count == 1)
        return store
    }

    @Test("Given an answer stored 50 minutes ago, when -v searches again, then one line says it came from the cache")
    func hit() async throws {
        let store = try await filledStore()
        // No handler: a request to the network fails the test.
        let (status, diagnostics) = await run(
            ["-v"] + Self.arguments, store: store, now: Self.storedAt + 3000 + 59, sessionManager: .init())
        #expect(status == .success)
        #expect(
            diagnostics
                == "mvsearch: GET http://127.0.0.1:9/search?term=clairo&media=musicVideo&entity=musicVideo"
                + "&country=US&limit=2 — from the cache, stored 50 min ago\n")
    }

    @Test("Given --offline and an answer stored 400 days ago, then -v says so")
    func offlineHit() async throws {
        let store = try await filledStore()
        let (status, diagnostics) = await run(
            ["-v", "--offline"] + Self.arguments, store: store, now: Self.storedAt + 400 * 86_400,
            sessionManager: .init())
        #expect(status == .success)
        #expect(diagnostics.hasSuffix(" — from the cache, stored 400 days ago\n"), "\(diagnostics)")
        #expect(diagnostics.split(separator: "\n").count == 1)
    }

    @Test("Without -v a cache hit prints nothing")
    func quietHit() async throws {
        let store = try await filledStore()
        let (_, diagnostics) = await run(Self.arguments, store: store, now: Self.storedAt + 60, sessionManager: .init())
        #expect(diagnostics.isEmpty)
    }

    @Test(
        "An age is said in its largest whole unit",
        arguments: [
            (0.0, "0 s"), (59.9, "59 s"), (60, "1 min"), (3599, "59 min"), (3600, "1 h"), (172_799, "47 h"),
            (172_800, "2 days"), (-5, "0 s"), (.infinity, "0 s"), (1e300, "11574074 days"),
        ])
    func age(seconds: TimeInterval, expected: String) {
        #expect(DiagnosticNetworkLogger.age(seconds) == expected)
    }
}
