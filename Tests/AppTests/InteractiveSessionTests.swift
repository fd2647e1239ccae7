import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// The interactive session, driven through the coordinator with scripted input, over a mock
/// repository; the rest of the app is the real one.
@MainActor
@Suite("The interactive session")
struct InteractiveSessionTests {
    struct Session {
        let status: App.ExitStatus
        let output: String
        let diagnostics: String
    }

    nonisolated static let videos: [MusicVideo] = [
        .stub(id: 1, title: "Upside Down", artistName: "Jack Johnson", artistID: 909_253),
        .stub(id: 2, title: "Sitting, Waiting, Wishing", artistName: "Jack Johnson", artistID: 909_253),
    ]

    private func run(
        _ lines: [String],
        arguments: [String] = ["-i"],
        repository: MockMusicVideosRepository,
        recent: InMemoryRecentSearchesRepository = InMemoryRecentSearchesRepository(),
        browser: RecordingBrowser = RecordingBrowser(),
        requests: RequestScope = RequestScope(),
        beforeLine: (@Sendable (Int) async -> Void)? = nil
    ) async -> Session {
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console(
            output: output, diagnostics: diagnostics, input: ScriptedInput(lines, beforeLine: beforeLine),
            inputIsTerminal: false, outputIsTerminal: false, diagnosticsIsTerminal: false, width: 100,
            activityIndicator: HiddenActivityIndicator())
        let application = Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console,
            overrides: .init(musicVideosRepository: repository, recentSearchesRepository: recent, browser: browser),
            requests: requests)
        let status = await application.run()
        return Session(status: status, output: output.text, diagnostics: diagnostics.text)
    }

    private static func searching(_ videos: [MusicVideo] = videos) -> MockMusicVideosRepository {
        MockMusicVideosRepository(search: { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        })
    }

    @Test("Search → results → details → back → quit")
    func searchDetailsBack() async throws {
        let repository = Self.searching()
        let session = await run(["jack johnson", "1", "b", "q"], repository: repository)
        #expect(session.status == .success)
        #expect(session.diagnostics.isEmpty)
        let results = session.output.components(separatedBy: "Music videos for \"jack johnson\", 1–2")
        #expect(results.count == 3)  // shown, then shown again after going back
        #expect(session.output.contains("Title          Upside Down\n"))
        #expect(
            session.output.contains(
                "o open in browser · a artist's videos · m more like this · s new search · b back · q quit"))
        #expect(repository.searchedQueries.map(\.term) == ["jack johnson"])
    }

    @Test("The end of input ends the session with 0, on any screen", arguments: [[], ["x"], ["x", "1"]])
    func endOfInput(lines: [String]) async {
        let session = await run(lines, repository: Self.searching())
        #expect(session.status == .success)
    }

    @Test("n and p page through the results by offset; n shows the page prefetched while reading")
    func paging() async {
        let repository = MockMusicVideosRepository(search: { query throws(CatalogError) in
            MusicVideoPage(
                query: query, videos: [.stub(id: query.offset + 1), .stub(id: query.offset + 2)], rowCount: 2)
        })
        let session = await run(["x", "n", "n", "p", "q"], arguments: ["-i", "-l", "2"], repository: repository)
        let offsets = repository.searchedQueries.map(\.offset)
        // Page 1, then the prefetches that n showed; the prefetch after page 3 races with p.
        #expect(offsets.prefix(3) == [0, 2, 4])
        #expect(offsets.filter { $0 == 2 }.count == 2)  // prefetched for n, asked again for p
        #expect(session.output.contains("Music videos for \"x\", 5–6"))
        #expect(session.output.components(separatedBy: "Music videos for \"x\", 3–4").count == 3)
    }

    @Test("Paging past the last page, then typing a number, opens a video of the last page")
    func pagePastTheEndThenNumber() async {
        let repository = MockMusicVideosRepository(search: { query throws(CatalogError) in
            let videos: [MusicVideo] = query.offset == 0 ? Self.videos : []
            return MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
        })
        let session = await run(["x", "n", "2", "q"], arguments: ["-i", "-l", "2"], repository: repository)
        #expect(session.status == .success)
        #expect(
            session.diagnostics
                == "mvsearch: no more music videos for \"x\" after the first 2 — try other words for more\n")
        #expect(session.output.contains("Title          Sitting, Waiting, Wishing\n"))
    }

    @Test("On the search screen the keys are keys, never searched: s shows it again, b and n say so; /s searches for s")
    func keysOnTheSearchScreen() async {
        let repository = Self.searching()
        let session = await run(["s", "b", "n", "p", "o", "a", "/s", "q"], repository: repository)
        #expect(session.status == .success)
        #expect(repository.searchedQueries.map(\.term) == ["s"])
        #expect(
            session.diagnostics.contains("mvsearch: nothing to go back to — type words to search for, or q to quit\n"))
        for key in ["n", "p", "o", "a"] {
            #expect(
                session.diagnostics.contains(
                    "mvsearch: \"\(key)\" is a key, not a search — type /\(key) to search for it\n"))
        }
        #expect(session.output.contains("Music videos for \"s\", 1–2"))
    }

    @Test("/ starts a new search from any screen; b then returns to the search screen")
    func slashSearchesFromAnyScreen() async {
        let repository = Self.searching()
        let session = await run(["x", "1", "/ 1999 ", "b", "/", "q"], repository: repository)
        #expect(repository.searchedQueries.map(\.term) == ["x", "1999"])
        #expect(session.output.contains("Music videos for \"1999\", 1–2"))
        #expect(
            session.output.hasSuffix(
                "  2  x\nwords to search for, or 1–2 to search again · q quit\n> /\n"
                    + "words to search for, or 1–2 to search again · q quit\n> q\n"))
        #expect(session.diagnostics == "mvsearch: type some words to search for\n")
    }

    @Test("Piped input is echoed sanitised, like all other output")
    func echoSanitised() async {
        let session = await run(["a\u{1B}[2Jb\u{7}", "q"], repository: Self.searching())
        #expect(!session.output.contains("\u{1B}[2J"))
        #expect(!session.output.contains("\u{7}"))
        #expect(session.output.contains("> a[2Jb\n"))
    }

    @Test("a on the details screen lists the artist's videos; b goes back through every screen")
    func artistVideos() async {
        let repository = MockMusicVideosRepository(
            search: { query throws(CatalogError) in MusicVideoPage(query: query, videos: Self.videos, rowCount: 2) },
            artist: { _ throws(CatalogError) in [.stub(id: 3, title: "Better Together")] })
        let session = await run(
            ["x", "2", "a", "b", "b", "b", "q"], arguments: ["-i", "-c", "gb", "-l", "7"], repository: repository)
        #expect(session.status == .success)
        #expect(session.output.contains("Music videos by Jack Johnson\n"))
        #expect(session.output.contains("Better Together"))
        #expect(
            repository.artistQueries == [
                ArtistMusicVideosQuery(artistID: 909_253, artistName: "Jack Johnson", country: "GB", limit: 7)
            ])
        #expect(session.output.hasSuffix("words to search for, or 1–1 to search again · q quit\n> q\n"))
    }

    @Test("o opens the video's page in the browser; a failure to start one is explained")
    func openInBrowser() async {
        let browser = RecordingBrowser()
        _ = await run(["x", "1", "o", "q"], repository: Self.searching(), browser: browser)
        #expect(
            browser.opened.value.map(\.absoluteString) == [
                "https://music.apple.com/us/music-video/banana-pancakes/1?uo=4"
            ])
        let failing = await run(
            ["x", "1", "o", "q"], repository: Self.searching(), browser: RecordingBrowser(succeeds: false))
        #expect(failing.diagnostics.contains("cannot start a browser — the page is https://"))
    }

    @Test("An error shows on the screen it happened on and the session goes on")
    func errorKeepsSession() async {
        let attempts = Locked(0)
        let repository = MockMusicVideosRepository(search: { query throws(CatalogError) in
            let attempt = attempts.withLock { count -> Int in
                count += 1
                return count
            }
            guard attempt > 1 else { throw .rateLimited(retryAfter: nil) }
            return MusicVideoPage(query: query, videos: Self.videos, rowCount: 2)
        })
        let session = await run(["x", "x", "q"], repository: repository)
        #expect(session.status == .success)
        #expect(session.diagnostics.contains("about 20 requests a minute"))
        #expect(session.output.contains("Music videos for \"x\", 1–2"))
    }

    @Test("An empty line, on any screen, only shows the prompt again")
    func emptyLine() async {
        let session = await run(["", "x", "  ", "q"], repository: Self.searching())
        #expect(session.status == .success)
        #expect(session.diagnostics.isEmpty, "\(session.diagnostics)")
        #expect(session.output.components(separatedBy: "1–2 details · s new search · b back · q quit").count == 3)
    }

    @Test("Unknown input gets a one-line hint and the same screen")
    func unknownInput() async {
        let session = await run(["x", "zz", "9", "q"], repository: Self.searching())
        #expect(session.diagnostics.components(separatedBy: "is not a choice here").count == 3)
        #expect(session.output.components(separatedBy: "1–2 details · s new search · b back · q quit").count == 4)
    }

    @Test("Recent searches are listed, numbered, and a number searches again; s returns to them")
    func recentSearches() async {
        let repository = Self.searching()
        let recent = InMemoryRecentSearchesRepository(["older"])
        let session = await run(["1", "s", "new words", "s", "q"], repository: repository, recent: recent)
        #expect(repository.searchedQueries.map(\.term) == ["older", "new words"])
        #expect(session.output.hasPrefix("Recent searches\n  1  older\n"))
        #expect(session.output.contains("Recent searches\n  1  new words\n  2  older\n"))
        #expect(await recent.terms == ["new words", "older"])
    }

    @Test("-i with a term starts on its results")
    func initialTerm() async {
        let repository = Self.searching()
        let session = await run(["q"], arguments: ["-i", "jack", "johnson"], repository: repository)
        #expect(repository.searchedQueries.map(\.term) == ["jack johnson"])
        #expect(session.output.hasPrefix("Music videos for \"jack johnson\""))
    }

    @Test("Ctrl-C while a request runs cancels only that request; the session goes on")
    func interruptRequest() async {
        let requests = RequestScope()
        let started = AsyncStream<Void>.makeStream()
        let repository = MockMusicVideosRepository(search: { _ throws(CatalogError) in
            started.continuation.yield()
            do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
            throw .offline
        })
        let interrupter = Task {
            for await _ in started.stream { break }
            #expect(requests.cancel())
        }
        let session = await run(["x", "q"], repository: repository, requests: requests)
        await interrupter.value
        #expect(session.status == .success)
        #expect(session.diagnostics == "mvsearch: cancelled\n")
        #expect(!requests.cancel())
    }
}

@MainActor
@Suite("Routes")
struct RouteTests {
    private func run(
        _ arguments: [String], repository: MockMusicVideosRepository = MockMusicVideosRepository(),
        inputIsTerminal: Bool = false
    )
        async -> (App.ExitStatus, String, String)
    {
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console(
            output: output, diagnostics: diagnostics, input: ScriptedInput([]), inputIsTerminal: inputIsTerminal,
            outputIsTerminal: false, diagnosticsIsTerminal: false, width: 80,
            activityIndicator: HiddenActivityIndicator())
        let application = Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console,
            overrides: .init(
                musicVideosRepository: repository,
                recentSearchesRepository: InMemoryRecentSearchesRepository(["a", "b"])))
        return (await application.run(), output.text, diagnostics.text)
    }

    @Test("--id shows one video; an unknown id exits 1 with a message")
    func lookup() async {
        let repository = MockMusicVideosRepository(lookup: { query throws(CatalogError) in
            query.id == 1 ? .stub(id: 1) : nil
        })
        let (found, output, _) = await run(["--id", "1", "--json"], repository: repository)
        #expect(found == .success)
        #expect(output.hasPrefix("[\n  {\"id\":1,"))
        let (missing, nothing, message) = await run(["--id", "2"], repository: repository)
        #expect(missing == .noResults)
        #expect(nothing.isEmpty)
        #expect(message.hasPrefix("mvsearch: no music video has the id 2"))
    }

    @Test("--artist-id lists the artist's videos with --limit and --country")
    func artist() async {
        let repository = MockMusicVideosRepository(artist: { _ throws(CatalogError) in [.stub(id: 4)] })
        let (status, output, _) = await run(["--artist-id", "9", "-l", "3", "-c", "jp"], repository: repository)
        #expect(status == .success)
        #expect(output.hasPrefix("4\t"))
        #expect(repository.artistQueries == [ArtistMusicVideosQuery(artistID: 9, country: "JP", limit: 3)])
    }

    @Test("--history prints recent searches as lines or JSON; --clear-history empties them")
    func history() async {
        let (_, lines, _) = await run(["--history"])
        #expect(lines == "a\nb\n")
        let (_, json, _) = await run(["--history", "--json"])
        #expect(json == "[\"a\",\"b\"]\n")
        let (status, cleared, _) = await run(["--clear-history"])
        #expect(status == .success && cleared.isEmpty)
    }

    @Test(
        "Routes that conflict, or take no term, are usage errors before any request",
        arguments: [
            ["--id", "1", "x"], ["--id", "1", "--artist-id", "2"], ["--history", "--id", "3"], ["--artist-id", "0"],
            ["--id", "abc"],
        ])
    func conflicts(arguments: [String]) async {
        let (status, output, message) = await run(arguments)
        #expect(status == .usage)
        #expect(output.isEmpty)
        #expect(message.hasPrefix("mvsearch: "))
    }

    @Test("No term: the interactive session on a terminal, a usage error otherwise")
    func noTerm() async {
        let (terminal, output, _) = await run([], inputIsTerminal: true)
        #expect(terminal == .success)
        #expect(output.hasPrefix("Recent searches"))
        let (piped, _, message) = await run([])
        #expect(piped == .usage)
        #expect(message.contains("no search term given"))
    }
}
