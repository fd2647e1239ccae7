import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// The full-screen session through its coordinator, as key scripts: keys in, frames out, over a
/// mock repository (the rest of the app — view models, views, navigation — is the real one).
@MainActor
@Suite("The full-screen session")
struct FullScreenSessionTests {
    /// A coordinator to type into, and what it drew.
    @MainActor
    final class Harness {
        let coordinator: FullScreenFlowCoordinator
        let repository: MockMusicVideosRepository
        let browser = RecordingBrowser()
        var columns = 80
        var rows = 12
        /// How many times a redraw was asked for.
        private(set) var redraws = 0

        /// - Parameters:
        ///   - arguments: The command line; its term, when it has one, is searched at once.
        ///   - artists: Answers artist searches (`-i --artists`).
        ///   - prefetches: Fetch the next page in the background (off by default: such a request
        ///     ends when it ends, not when the keys that caused it are handled).
        init(
            repository: MockMusicVideosRepository, recent: [String] = [], limit: Int = 5, term: String? = nil,
            arguments: [String] = ["-i"], artists: MockMusicArtistsRepository? = nil, prefetches: Bool = false
        ) throws {
            self.repository = repository
            guard case .search(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("no") }
            let configuration = try AppConfiguration(
                options: options, environment: prefetches ? [:] : ["MVSEARCH_BENCH_NO_PREFETCH": "1"])
            let console = Console.onTerminal()
            let container = AppDIContainer(
                configuration: configuration, console: console,
                overrides: .init(
                    musicVideosRepository: repository, musicArtistsRepository: artists,
                    recentSearchesRepository: InMemoryRecentSearchesRepository(recent), browser: browser)
            ).makeMusicVideosSceneDIContainer()
            coordinator = container.makeFullScreenFlowCoordinator(
                settings: .init(country: "US", limit: limit, attribute: .any, allowsExplicit: true))
            coordinator.onNeedsDisplay = { [weak self] in self?.redraws += 1 }
            let list = try options.listCommand?.prepare(
                ListArguments(term: options.term, country: "US", limit: limit, options: options))
            coordinator.start(
                term: term ?? (options.termWords.isEmpty ? nil : options.term), list: list)
        }

        /// Types keys one by one, letting each finish what it started.
        @discardableResult
        func type(_ keys: Key...) async -> FullScreenFlowCoordinator.Command {
            var command = FullScreenFlowCoordinator.Command.none
            for key in keys {
                command = coordinator.handle(key)
                await coordinator.waitUntilIdle()
            }
            return command
        }

        func type(text: String) async {
            for character in text { await type(.character(character)) }
        }

        var screen: String { FullScreenSession.frame(of: coordinator, columns: columns, rows: rows).text }
        var lines: [String] { screen.components(separatedBy: "\n") }
        var statusLine: String { lines.last ?? "" }
        /// The line above the status line: a message that does not fit beside the keys.
        var messageLine: String { lines.count > 1 ? lines[lines.count - 2] : "" }
        var selectedLine: String? { lines.first { $0.hasPrefix("›") } }
    }

    /// Pages of `limit` videos numbered from the query's offset, up to `total`.
    nonisolated static func paging(total: Int = 12) -> MockMusicVideosRepository {
        MockMusicVideosRepository(search: { query throws(CatalogError) in
            let ids = Array((query.offset + 1)...(query.offset + query.limit)).filter { $0 <= total }
            let videos = ids.map { MusicVideo.stub(id: $0, title: "Video \($0)", artistID: 100 + $0) }
            return MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        })
    }

    @Test("The issue's walk: a typo fixed, ↓ ↓ Enter, Esc keeps the row, 4 Enter, / filters, q quits")
    func walk() async throws {
        let session = try Harness(repository: Self.paging())
        await session.type(text: "clarx")
        await session.type(.backspace, .left)
        await session.type(text: "i")
        await session.type(.end)
        await session.type(text: "o")
        #expect(session.lines[2] == "› clairo")
        await session.type(.control("a"), .control("k"))
        #expect(session.lines[2] == "›")
        await session.type(text: "clairo")
        await session.type(.enter)
        #expect(session.repository.searchedQueries.map(\.term) == ["clairo"])
        #expect(session.lines[0] == "Music videos for \"clairo\"  1–5, more below")
        #expect(session.selectedLine?.hasPrefix("› 1  Video 1") == true)

        await session.type(.down, .down, .enter)
        #expect(session.lines[0] == "Video 3")
        #expect(session.screen.contains("Title          Video 3"))
        await session.type(.escape)
        #expect(session.selectedLine?.hasPrefix("› 3  Video 3") == true)

        await session.type(.character("4"))
        #expect(session.statusLine.hasPrefix("open row 4…"))
        await session.type(.enter)
        #expect(session.lines[0] == "Video 4")
        await session.type(.character("b"))

        await session.type(.character("/"))
        await session.type(text: "video 2")
        #expect(session.lines[1] == "/video 2  1/5")
        #expect(session.selectedLine?.hasPrefix("› 2  Video 2") == true)
        await session.type(.enter, .enter)
        #expect(session.lines[0] == "Video 2")
        await session.type(.left, .escape)
        #expect(!session.screen.contains("/video 2"))
        #expect(session.selectedLine?.hasPrefix("› 2  Video 2") == true)
        #expect(await session.type(.character("q")) == .exit(.success))
    }

    @Test("Moving past the last row fetches the next page (offset 5) and numbers it from 6")
    func paging() async throws {
        let session = try Harness(repository: Self.paging(total: 8), term: "x")
        await session.coordinator.waitUntilIdle()
        await session.type(.end)
        #expect(session.repository.searchedQueries.map(\.offset) == [0])  // no request until asked
        await session.type(.down)
        #expect(session.repository.searchedQueries.map(\.offset) == [0, 5])
        #expect(session.selectedLine?.hasPrefix("› 6  Video 6") == true)
        #expect(session.lines[0] == "Music videos for \"x\"  1–8")
        await session.type(.end, .down)
        #expect(session.repository.searchedQueries.count == 2)  // the last page was short: no more
        await session.type(.home)
        #expect(session.selectedLine?.hasPrefix("› 1  Video 1") == true)
        await session.type(.character("8"), .enter)
        #expect(session.lines[0] == "Video 8")
        await session.type(.escape, .character("9"), .enter)
        #expect(session.messageLine == "there is no row 9 — the rows shown are 1–8")
    }

    @Test("A next page that is empty says there are no more results and stays")
    func pastTheEnd() async throws {
        let session = try Harness(repository: Self.paging(total: 5), term: "x")
        await session.coordinator.waitUntilIdle()
        await session.type(.end, .down)
        #expect(session.messageLine == "no more music videos for \"x\" after the first 5 — try other words for more")
        #expect(session.selectedLine?.hasPrefix("› 5") == true)
        await session.type(.down)
        #expect(session.repository.searchedQueries.count == 2)
    }

    @Test("Given recent searches, ↑ walks back through them one by one and ↓ forward, back to what was typed")
    func history() async throws {
        let session = try Harness(repository: Self.paging(), recent: ["newest", "older"])
        await session.coordinator.waitUntilIdle()
        #expect(session.screen.contains("  1  newest\n  2  older"))
        await session.type(text: "dra")
        await session.type(.down)  // nothing newer than the words typed: they stay
        #expect(session.lines[2] == "› dra")
        await session.type(.up)
        #expect(session.lines[2] == "› newest")
        await session.type(.up)  // further back, not the same one again
        #expect(session.lines[2] == "› older")
        await session.type(.up)  // the oldest: it stays
        #expect(session.lines[2] == "› older")
        await session.type(.down)
        #expect(session.lines[2] == "› newest")
        await session.type(.down)
        #expect(session.lines[2] == "› dra")
    }

    @Test("Ctrl-C cancels only the request in flight; at idle it ends the session with 130")
    func controlC() async throws {
        let repository = MockMusicVideosRepository(search: { _ throws(CatalogError) in
            // A server that never answers: only cancellation ends the request.
            do { try await Task.sleep(for: .seconds(600)) } catch { throw .cancelled }
            throw .cancelled
        })
        let session = try Harness(repository: repository)
        await session.type(text: "slow")
        _ = session.coordinator.handle(.enter)
        await eventually { session.screen.contains("Searching…") && session.coordinator.isLoading }
        // The wait says what it waits for and how to stop it.
        #expect(session.statusLine.hasPrefix("⠋ Loading music videos for \"slow\"… · Ctrl-C cancels"))
        #expect(session.coordinator.handle(.control("c")) == .none)
        await session.coordinator.waitUntilIdle()
        #expect(session.statusLine.hasPrefix("cancelled"))
        #expect(session.lines[2] == "› slow")  // back on the search screen, the term kept
        #expect(session.coordinator.handle(.control("c")) == .exit(.interrupted))
    }

    @Test("A failure's reason stays until the load is tried again (r); nothing found says so")
    func errorAndEmpty() async throws {
        let failing = MockMusicVideosRepository(search: { _ throws(CatalogError) in
            throw .serviceUnavailable(statusCode: 503)
        })
        let session = try Harness(repository: failing, term: "x")
        await session.coordinator.waitUntilIdle()
        #expect(session.screen.contains("Could not load the results"))
        #expect(session.messageLine == "the iTunes service is unavailable (HTTP 503) — try again later")
        #expect(session.statusLine.hasPrefix("r retry"))
        // Keys that do not act on it leave it; one that says something shows that, then it is back.
        await session.type(.down, .character("z"))
        // The notice names the key, and the failure's reason stays beside it (issue 27 item 5).
        #expect(session.screen.contains("z does nothing here — ? lists the keys"))
        #expect(session.screen.contains("the iTunes service is unavailable (HTTP"))
        await session.type(.down)
        #expect(session.messageLine == "the iTunes service is unavailable (HTTP 503) — try again later")
        await session.type(.character("r"))
        #expect(session.repository.searchedQueries.count == 2)
        #expect(session.messageLine == "the iTunes service is unavailable (HTTP 503) — try again later")

        let empty = try Harness(
            repository: MockMusicVideosRepository(search: { query throws(CatalogError) in
                MusicVideoPage(query: query, videos: [], rowCount: 0)
            }), term: "nothing")
        await empty.coordinator.waitUntilIdle()
        #expect(empty.screen.contains("No music videos found"))
        #expect(await empty.type(.escape) == .none)
        #expect(empty.lines[2] == "› nothing")
    }

    @Test("a opens the artist's videos, o the page, s a new search, ? the help")
    func actions() async throws {
        let repository = MockMusicVideosRepository(
            search: Self.paging().searchMusicVideos(query:),
            artist: { query throws(CatalogError) in [.stub(id: 50, title: "By artist \(query.artistID)")] })
        let session = try Harness(repository: repository, term: "x")
        await session.coordinator.waitUntilIdle()
        await session.type(.down, .character("o"))
        #expect(session.browser.opened.value == [try #require(MusicVideo.stub(id: 2).trackURL)])
        await session.type(.character("a"))
        #expect(session.repository.artistQueries.map(\.artistID) == [102])
        #expect(session.screen.contains("› 1  By artist 102"))
        await session.type(.enter, .character("a"))  // from the details too
        #expect(session.repository.artistQueries.count == 2)
        await session.type(.character("?"))
        #expect(session.screen.contains("Keys 1–7 of 26 · ↓ more"))
        #expect(session.screen.contains("digits, Enter"))
        await session.type(.character("x"))
        #expect(!session.screen.contains("Keys 1–"))
        await session.type(.character("s"))
        #expect(session.lines[0] == "Search music videos")
        #expect(session.coordinator.stack.count == 1)
    }

    @Test("Esc and Ctrl-D in an empty field quit; Ctrl-Z suspends; Ctrl-\\ quits with 131")
    func sessionKeys() async throws {
        let session = try Harness(repository: Self.paging())
        #expect(await session.type(.control("z")) == .suspend)
        #expect(await session.type(.control("l")) == .redrawAll)
        #expect(await session.type(.control("\\")) == .exit(.quit))
        await session.type(.character("q"))  // text in the search field, not quit
        #expect(session.lines[2] == "› q")
        #expect(await session.type(.control("d")) == .none)  // deletes, the field is not empty
        await session.type(.backspace)
        #expect(await session.type(.control("d")) == .exit(.success))
        #expect(await session.type(.escape) == .exit(.success))
    }

    @Test("Alt chords edit the search field by words and never quit; elsewhere an unused one says so")
    func altChords() async throws {
        let session = try Harness(repository: Self.paging())
        await session.type(text: "jack johnson")
        #expect(await session.type(.alt("b")) == .none)
        await session.type(.altBackspace)
        await session.type(text: "the ")
        #expect(session.lines[2] == "› the johnson")
        #expect(await session.type(.alt("x")) == .none)
        #expect(session.lines[0] == "Search music videos")
        #expect(session.screen.contains("Alt-X does nothing here — F1 lists the keys"))
        await session.type(.enter)
        #expect(session.repository.searchedQueries.map(\.term) == ["the johnson"])
        await session.type(.alt("q"))
        #expect(session.messageLine == "Alt-Q does nothing here — ? lists the keys")
        #expect(session.coordinator.stack.count == 2)
    }

    @Test("A state change asks for a redraw; a key that changes nothing does not")
    func redraws() async throws {
        let session = try Harness(repository: Self.paging(), term: "x")
        await session.coordinator.waitUntilIdle()
        let before = session.redraws
        await session.type(.up)  // already on the first row
        #expect(session.redraws == before)
        await session.type(.down)
        #expect(session.redraws > before)
    }

    @Test("Pasted text is typed into the field without its control characters")
    func pasteIsSanitised() async throws {
        let session = try Harness(repository: Self.paging())
        await session.type(.paste("jack\u{1B}[31m\njohnson\u{07}"))
        await session.type(.enter)
        #expect(session.repository.searchedQueries.map(\.term) == ["jack[31m johnson"])
    }
}
