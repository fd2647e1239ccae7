import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// Issue 19's rules for the full-screen session, as key scripts: one meaning per key on every
/// screen, a hint line that keeps Esc, ? and q at every width, messages that stay until the user
/// acts on them, waits that say what they wait for, and `-i --artists` searching artists again.
@MainActor
@Suite("The full-screen session's keys, hints, messages and waits")
struct FullScreenKeysTests {
    typealias Harness = FullScreenSessionTests.Harness

    /// A server that never answers: only cancellation ends the request.
    nonisolated static func neverAnswering() -> MockMusicVideosRepository {
        MockMusicVideosRepository(search: { _ throws(CatalogError) in
            do { try await Task.sleep(for: .seconds(600)) } catch { throw .cancelled }
            throw .cancelled
        })
    }

    @Test("Esc on the search screen goes back to the results s left; there q is a letter; Esc clears, then quits")
    func escapeGoesBackOneLevel() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "x")
        await session.coordinator.waitUntilIdle()
        await session.type(.down, .character("s"))
        #expect(session.lines[0] == "Search music videos")
        #expect(session.statusLine.contains("Esc back to the results"))
        // A text field: letters are letters, q included, and the hint says how to leave.
        #expect(await session.type(.character("q")) == .none)
        #expect(session.lines[2] == "› q")  // the words shown selected: a letter replaces them
        #expect(await session.type(.escape) == .none)
        #expect(session.lines[0] == "Music videos for \"x\"  1–5, more below")
        #expect(session.selectedLine?.hasPrefix("› 2  Video 2") == true)
        #expect(session.repository.searchedQueries.count == 1)  // the same results, not asked again
        // Back to the search screen (Esc pops); with no results left behind Esc clears the field,
        // then quits from the empty field.
        await session.type(.escape)
        #expect(session.statusLine.contains("Esc clear"))
        #expect(await session.type(.escape) == .none)
        #expect(session.lines[2] == "›")
        #expect(session.statusLine.contains("Esc quit"))
        #expect(await session.type(.escape) == .exit(.success))
    }

    @Test("Back on the search screen the words are selected: a letter replaces them, a move keeps them to edit")
    func wordsSelectedOnReturn() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "clairo")
        await session.coordinator.waitUntilIdle()
        await session.type(.character("s"))
        #expect(session.lines[2] == "› clairo")
        await session.type(.end, .character("s"))  // End keeps them: the letter is added
        #expect(session.lines[2] == "› clairos")
        await session.type(.control("u"))
        await session.type(text: "wallows")
        await session.type(.enter)
        await session.coordinator.waitUntilIdle()
        await session.type(.character("s"), .character("b"))
        #expect(session.lines[2] == "› b")
    }

    @Test("A new search from the search screen forgets the results s left behind")
    func newSearchForgetsWhatWasBehind() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "x")
        await session.coordinator.waitUntilIdle()
        await session.type(.character("s"), .control("u"))
        await session.type(text: "y")
        await session.type(.enter, .escape)
        #expect(session.lines[0] == "Search music videos")
        #expect(session.coordinator.stack.count == 1)
        #expect(!session.statusLine.contains("back to the results"))
    }

    @Test("What the search screen numbers, a number selects: 2 Enter searches recent search #2, not \"2\"")
    func numberSelectsRecentSearch() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), recent: ["clairo", "jack"])
        await session.coordinator.waitUntilIdle()
        await session.type(.character("2"))
        #expect(session.statusLine.hasPrefix("Enter search again #2"))
        await session.type(.enter)
        #expect(session.repository.searchedQueries.map(\.term) == ["jack"])
        await session.type(.escape)
        // "2" was not saved: the recent searches are the two terms, the one searched first.
        #expect(session.screen.contains("  1  jack\n  2  clairo\n"))
        // A number no recent search has is words to search for.
        await session.type(.control("u"))
        await session.type(text: "7")
        #expect(session.statusLine.hasPrefix("Enter search ·"))
        await session.type(.enter)
        #expect(session.repository.searchedQueries.map(\.term) == ["jack", "7"])
        // A slash first: the words, even a number a recent search has.
        await session.type(.escape, .control("u"))
        await session.type(text: "/2")
        await session.type(.enter)
        #expect(session.repository.searchedQueries.map(\.term) == ["jack", "7", "2"])
    }

    @Test("? opens help on every screen (F1 in a text field); the help box wraps long actions and scrolls at 40×12")
    func helpEverywhere() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging())
        session.columns = 40
        await session.coordinator.waitUntilIdle()
        await session.type(.character("?"))  // an empty field: ? is help, not a search for "?"
        #expect(session.screen.contains("┌ Keys 1–3 of 17"))
        #expect(session.screen.contains("│ a number, Enter"))
        await session.type(.character("x"))  // any other key closes it
        #expect(!session.screen.contains("┌ Keys"))
        await session.type(.character("x"), .character("?"))
        #expect(session.lines[2] == "› x?")  // in a field with words, ? is a letter
        await session.type(.f1)
        #expect(session.screen.contains("┌ Keys"))
        await session.type(.escape)
        await session.type(.control("u"))
        await session.type(text: "clairo")
        await session.type(.enter, .character("?"))
        #expect(session.screen.contains("┌ Keys 1–4 of 26"))
        #expect(!session.screen.contains("│ q "))
        await session.type(.pageDown)  // a screenful less one line
        #expect(session.screen.contains("┌ Keys 3–7 of 26"))
        await session.type(.pageUp)
        #expect(session.screen.contains("┌ Keys 1–4 of 26"))
        await session.type(.end)
        #expect(session.screen.contains("┌ Keys 22–26 of 26"))
        #expect(session.screen.contains("│ q "))
        await session.type(.up)
        #expect(session.screen.contains("┌ Keys 21–26 of 26 · ↑/↓"))
        // q closes the help box (it does not quit under it); then q quits.
        #expect(await session.type(.character("q")) == .none)
        #expect(await session.type(.character("q")) == .exit(.success))
    }

    @Test("The hint line keeps Esc, ? (F1) and q on every screen at every width from 20 columns")
    func hintLineKeepsTheEssentials() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), recent: ["clairo"])
        await session.coordinator.waitUntilIdle()
        func check(_ essentials: [String]) {
            for columns in 20...200 {
                session.columns = columns
                let line = session.statusLine
                #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)")
                let keys = line.split(separator: " ").map(String.init)
                for key in essentials { #expect(keys.contains(key), "\(columns): \(line) lacks \(key)") }
            }
        }
        check(["Esc", "F1"])
        await session.type(text: "clairo")
        await session.type(.enter)
        check(["Esc", "?", "q"])
        await session.type(.character("/"))
        check(["Esc", "F1"])
        await session.type(.escape, .enter)
        check(["Esc", "?", "q"])
        await session.type(.escape, .character("3"))
        check(["Esc"])
    }

    @Test("Golden hint lines at 20, 40, 80 and 120 columns: labels shorten, then the least important keys go")
    func hintLineGoldens() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "x")
        await session.coordinator.waitUntilIdle()
        var lines: [Int: String] = [:]
        for columns in [20, 40, 80, 120] {
            session.columns = columns
            lines[columns] = session.statusLine
        }
        #expect(lines[20] == "Esc back · ? · q")
        #expect(lines[40] == "Esc back · ? help · q quit")
        // These rows have no preview: p is not offered (it would only say so).
        #expect(lines[80] == "Enter details · ↑/↓ move · / filter · a artist · Esc back · ? help · q quit")
        #expect(
            lines[120]
                == "Enter details · ↑/↓ move · / filter · a artist · m more · t chart · o open · v hide pane · Esc back · ? help · q quit"
        )
        await session.type(.enter)
        session.columns = 40
        #expect(session.statusLine == "p play · Esc back · ? help · q quit")
        session.columns = 80
        #expect(session.statusLine == "p play · y copy · o open · a artist · m more · Esc back · ? help · q quit")
        await session.type(.character("s"))
        session.columns = 20
        #expect(session.statusLine == "Esc back · F1 help")
        session.columns = 80
        #expect(
            session.statusLine == "Enter search · ↑/↓ recent · Esc back to the results · Ctrl-T top chart · F1 help")
    }

    @Test("The first frame of -i TERM says it searches: never \"No music videos\" before the search ran")
    func firstFrameIsTrue() async throws {
        let session = try Harness(repository: Self.neverAnswering(), term: "x")
        // No key handled, no task run: the frame drawn right after start.
        #expect(session.screen.contains("Searching…"))
        #expect(!session.screen.contains("No music videos"))
        #expect(session.coordinator.isLoading)
        #expect(session.coordinator.handle(.control("c")) == .none)
        await session.coordinator.waitUntilIdle()
    }

    @Test("A wait says what it waits for, the seconds after 1 s, a retry detail, and that Ctrl-C cancels")
    func waitsSayWhatTheyWaitFor() async throws {
        let session = try Harness(repository: Self.neverAnswering())
        var now = ContinuousClock.now
        session.coordinator.now = { now }
        await session.type(text: "slow")
        _ = session.coordinator.handle(.enter)
        session.columns = 120
        #expect(session.statusLine.hasPrefix("⠋ Loading music videos for \"slow\"… · Ctrl-C cancels  "))
        now += .milliseconds(900)
        #expect(!session.statusLine.contains(" s ·"))
        now += .milliseconds(2200)
        #expect(session.statusLine.hasPrefix("⠋ Loading music videos for \"slow\"… · waited 3 s · Ctrl-C cancels  "))
        session.coordinator.showActivityDetail("HTTP 503, retrying 2 of 3\u{1B}[2J")
        #expect(
            session.statusLine.hasPrefix(
                "⠋ Loading music videos for \"slow\"… — HTTP 503, retrying 2 of 3[2J · waited 3 s · Ctrl-C cancels  "))
        // At 40 columns the wait is cut, the essential keys kept.
        session.columns = 40
        #expect(session.statusLine.hasSuffix("Esc · ? · q") && DisplayWidth.of(session.statusLine) <= 40)
        #expect(session.coordinator.handle(.control("c")) == .none)
        await session.coordinator.waitUntilIdle()
        #expect(!session.statusLine.contains("HTTP 503"))
    }

    @Test("A failed list load is tried again with r; its reason stays until then")
    func listRetry() async throws {
        let refusing = MockMusicArtistsRepository(search: { _ throws(CatalogError) in
            throw .rateLimited(retryAfter: nil)
        })
        let session = try Harness(
            repository: FullScreenSessionTests.paging(), arguments: ["-i", "--artists", "zz"], artists: refusing)
        await session.coordinator.waitUntilIdle()
        #expect(session.statusLine.hasPrefix("r retry"))
        await session.type(.down, .character("z"))
        await session.type(.down)
        #expect(session.screen.contains("refused this"))
        await session.type(.character("r"))
        #expect(refusing.searchedQueries.count == 2)
        #expect(session.screen.contains("refused this"))
    }

    @Test("-i --artists: Esc goes back to a search screen that searches artists again")
    func artistsSearchAgain() async throws {
        let artists = MockMusicArtistsRepository.returning(FullScreenListSessionTests.artists)
        let videos = FullScreenListSessionTests.videos()
        let session = try Harness(repository: videos, arguments: ["-i", "--artists", "clairo"], artists: artists)
        await session.coordinator.waitUntilIdle()
        await session.type(.escape)
        #expect(session.lines[0] == "Search artists")
        await session.type(.control("u"))
        await session.type(text: "jack")
        await session.type(.enter)
        #expect(artists.searchedQueries.map(\.term) == ["clairo", "jack"])
        #expect(videos.searchedQueries.isEmpty)
        #expect(session.lines[0] == "Artists for \"jack\"  1–3")
        // s, then Esc: the artists again, as they were.
        await session.type(.down, .character("s"), .escape)
        #expect(session.selectedLine?.hasPrefix("› 2  Clairo & Friends") == true)
    }

    @Test("Details scroll as the list does: PgDn, End/G, Home/g")
    func detailsScroll() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "x")
        session.rows = 8
        await session.coordinator.waitUntilIdle()
        await session.type(.enter)
        #expect(session.lines[2].hasPrefix("  Title"))
        await session.type(.pageDown)
        #expect(!session.screen.contains("  Title "))
        await session.type(.character("G"))
        #expect(session.screen.contains("Track id"))
        await session.type(.home)
        #expect(session.lines[2].hasPrefix("  Title"))
        await session.type(.end, .character("g"))
        #expect(session.lines[2].hasPrefix("  Title"))
    }

    @Test("v hides the preview on a wide terminal and shows it again")
    func previewToggles() async throws {
        let session = try Harness(repository: FullScreenSessionTests.paging(), term: "x")
        session.columns = 160
        await session.coordinator.waitUntilIdle()
        #expect(session.lines[1].contains("│ Title"))
        #expect(session.statusLine.contains("v hide pane"))
        await session.type(.character("v"))
        #expect(!session.screen.contains("│"))
        #expect(session.statusLine.contains("v pane"))
        await session.type(.character("v"))
        #expect(session.lines[1].contains("│ Title"))
    }
}
