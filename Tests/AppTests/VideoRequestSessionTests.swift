import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// `p`, `y` and `Y` in the sessions, through the whole app: a fake player on a test `PATH`, and
/// the bytes the full-screen session writes to the terminal outside its frames.
@MainActor
@Suite("Playing and copying the selected video")
struct VideoRequestSessionTests {
    nonisolated static let videos: [MusicVideo] = [
        .stub(
            id: 1, title: "Bags", artistName: "Clairo",
            previewURL: URL(string: "https://video-ssl.itunes.apple.com/itunes-assets/a/bags.m4v")),
        .stub(
            id: 2, title: "Are You Bored Yet?", artistName: "Wallows",
            trackURL: URL(string: "https://music.apple.com/us/music-video/are-you-bored-yet/2?uo=4"),
            previewURL: URL(string: "https://video-ssl.itunes.apple.com/itunes-assets/b/bored.m4v?x=1&y=2")),
        .stub(id: 3, title: "No Preview", artistName: "Nobody", previewURL: nil),
    ]

    @MainActor
    final class Harness {
        let coordinator: FullScreenFlowCoordinator
        /// What was written to the terminal outside the frames. (A message and the keys do not fit
        /// on one line at 100 columns: the message goes above the status line; `screen` has both.)
        private(set) var written: [[UInt8]] = []

        init(arguments: [String] = ["-i"], term: String? = "clairo", path: String, display: String? = nil) throws {
            guard case .search(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("no") }
            let configuration = try AppConfiguration(
                options: options,
                environment: ["PATH": path, "MVSEARCH_BENCH_NO_PREFETCH": "1"].merging(
                    display.map { ["DISPLAY": $0] } ?? [:]
                ) { $1 })
            let console = Console.onTerminal()
            let videos = VideoRequestSessionTests.videos
            let container = AppDIContainer(
                configuration: configuration, console: console,
                overrides: .init(
                    musicVideosRepository: MockMusicVideosRepository(
                        search: { query throws(CatalogError) in
                            MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
                        },
                        lookup: { query throws(CatalogError) in videos.first { $0.id == query.id } }),
                    musicVideoChartsRepository: MockMusicVideoChartsRepository.returning(videos),
                    recentSearchesRepository: InMemoryRecentSearchesRepository(),
                    browser: RecordingBrowser(succeeds: false))
            ).makeMusicVideosSceneDIContainer()
            coordinator = container.makeFullScreenFlowCoordinator(
                settings: .init(country: "US", limit: 5, attribute: .any, allowsExplicit: true))
            coordinator.writeToTerminal = { [weak self] bytes in
                self?.written.append(bytes)
                return true
            }
            let list = try options.listCommand?.prepare(
                ListArguments(term: options.term, country: "US", limit: 5, options: options))
            coordinator.start(term: list == nil ? term : nil, list: list)
        }

        func type(_ keys: Key...) async {
            await coordinator.waitUntilIdle()
            for key in keys {
                _ = coordinator.handle(key)
                await coordinator.waitUntilIdle()
            }
        }

        var screen: String { FullScreenSession.frame(of: coordinator, columns: 100, rows: 12).text }

        /// Whether the screen satisfies `predicate` once the coordinator asks for a frame, within 30 s.
        func screenSoon(_ predicate: @escaping (String) -> Bool) async -> Bool {
            if predicate(screen) { return true }
            let (frames, continuation) = AsyncStream<Void>.makeStream()
            coordinator.onNeedsDisplay = { continuation.yield() }
            let deadline = Task {
                try? await Task.sleep(for: .seconds(30))
                continuation.finish()
            }
            defer { deadline.cancel() }
            for await _ in frames where predicate(screen) { return true }
            return false
        }
    }

    #if os(Linux)
        @Test("p on the 2nd result starts the mpv found on PATH with its preview URL; the status line says so")
        func playsFromResults() async throws {
            let programs = try FakePrograms()
            try programs.add("mpv")
            let session = try Harness(path: programs.folder.path)
            await session.type(.down, .character("p"))
            // Looked at before the player is awaited: the stand-in ends at once, and the status line
            // then says so instead.
            #expect(session.screen.contains("starting mpv: Are You Bored Yet? — Wallows"))
            #expect(
                await programs.said().dropLast() == [
                    "mpv", "https://video-ssl.itunes.apple.com/itunes-assets/b/bored.m4v?x=1&y=2",
                ])
        }

        @Test("p on the details screen, and on a chart's row, plays that video's preview")
        func playsFromDetailsAndCharts() async throws {
            let programs = try FakePrograms()
            try programs.add("vlc")
            let details = try Harness(path: programs.folder.path)
            await details.type(.enter, .character("p"))
            // Each screen looked at before the player is awaited: the stand-in ends at once.
            #expect(details.screen.hasPrefix("Bags"))
            #expect(details.screen.contains("starting vlc: Bags — Clairo"))
            #expect(
                await programs.said().dropLast() == [
                    "vlc", "--play-and-exit", "https://video-ssl.itunes.apple.com/itunes-assets/a/bags.m4v",
                ])

            let chart = try Harness(arguments: ["-i", "--top"], path: programs.folder.path)
            await chart.type(.down, .character("p"))
            #expect(chart.screen.contains("starting vlc: Are You Bored Yet? — Wallows"))
            #expect(
                await programs.said().dropLast() == [
                    "vlc", "--play-and-exit", "https://video-ssl.itunes.apple.com/itunes-assets/b/bored.m4v?x=1&y=2",
                ])
        }
    #endif

    @Test("Given no preview, or no player and no browser, then the status line says why nothing plays")
    func reasons() async throws {
        let session = try Harness(path: "/nonexistent")
        await session.type(.end, .character("p"))
        #expect(session.screen.contains("this video has no preview to play"))
        await session.type(.home, .character("p"))
        #expect(session.screen.contains("no player found — install mpv, vlc or ffplay, or set MVSEARCH_PLAYER"))
    }

    @Test(
        "y copies the page URL and Y the preview URL with OSC 52, written apart from the frames; the status line says which"
    )
    func copies() async throws {
        let session = try Harness(path: "/nonexistent")
        await session.type(.down, .character("y"))
        let page = "https://music.apple.com/us/music-video/are-you-bored-yet/2?uo=4"
        #expect(session.written == [Array("\u{1B}]52;c;\(Data(page.utf8).base64EncodedString())\u{07}".utf8)])
        #expect(session.screen.contains("sent the page URL to the terminal's clipboard"))
        await session.type(.character("Y"))
        let preview = "https://video-ssl.itunes.apple.com/itunes-assets/b/bored.m4v?x=1&y=2"
        #expect(session.written.last == Array("\u{1B}]52;c;\(Data(preview.utf8).base64EncodedString())\u{07}".utf8))
        #expect(session.screen.contains("sent the preview URL to the terminal's clipboard"))
        // Never inside a frame.
        #expect(!session.screen.contains("52;c"))
        await session.type(.end, .character("Y"))
        #expect(session.written.count == 2)
        #expect(session.screen.contains("this video has no preview to copy"))
        await session.type(.enter, .character("y"))
        #expect(session.written.count == 3)
    }

    #if os(Linux)
        @Test("Given DISPLAY and an xclip on PATH, then y copies with it and says copied; nothing goes to the terminal")
        func copiesWithTheDesktopClipboard() async throws {
            let programs = try FakeProgramFolder("clipboard")
            try programs.add("xclip", script: "#!/bin/sh\n{ printf '%s|' \"$@\"; cat; } > '\(programs.fifo)'\n")
            let session = try Harness(path: programs.folder.path, display: ":99")
            await session.type(.down, .character("y"))
            // The copy runs off the main actor and says so when it is done.
            let copied = await session.screenSoon { $0.contains("copied the page URL") }
            #expect(copied)
            #expect(
                await programs.said()
                    == "-selection|clipboard|https://music.apple.com/us/music-video/are-you-bored-yet/2?uo=4")
            #expect(session.written.isEmpty)
        }
    #endif

    @Test("The line session's details screen plays the preview with p too")
    func lineSession() async throws {
        let recorded = RecordingPlayer()
        let diagnostics = CapturingOutput()
        let console = Console(
            output: CapturingOutput(), diagnostics: diagnostics, input: ScriptedInput(["clairo", "2", "p", "q"]),
            inputIsTerminal: false, outputIsTerminal: false, diagnosticsIsTerminal: false, width: 100,
            activityIndicator: HiddenActivityIndicator())
        let videos = Self.videos
        let application = Application(
            arguments: ["-i"], environment: isolatedEnvironment(), console: console,
            overrides: .init(
                musicVideosRepository: MockMusicVideosRepository(search: { query throws(CatalogError) in
                    MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
                }),
                recentSearchesRepository: InMemoryRecentSearchesRepository(), browser: RecordingBrowser(),
                player: recorded),
            requests: RequestScope())
        #expect(await application.run() == .success)
        #expect(recorded.played.withLock { $0 } == [try #require(videos[1].previewURL)])
        #expect(diagnostics.text.contains("mvsearch: starting fake: Are You Bored Yet? — Wallows\n"))
    }
}

/// A player that records what it was asked to play.
final class RecordingPlayer: PreviewPlaying {
    let played = Locked<[URL]>([])

    func play(_ queue: [PreviewItem], report: @escaping @MainActor @Sendable (String) -> Void) -> PreviewPlayback {
        played.withLock { $0 += queue.map(\.url) }
        return queue.first.map { .starting(player: "fake", item: $0, count: queue.count) } ?? .refused
    }

    func stop() -> PreviewPlayback { .nothingPlays }

    var nowPlaying: String? { nil }
}
