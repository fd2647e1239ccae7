import Foundation
import Mocks
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder for a test `PATH` whose fake programs write their name and arguments to a FIFO.
final class FakePrograms {
    private let programs: FakeProgramFolder
    var folder: URL { programs.folder }
    var fifo: String { programs.fifo }

    init() throws {
        programs = try FakeProgramFolder("player")
    }

    /// A program `name` that writes `name|arg1|arg2|…` (and where its output goes) to the FIFO.
    func add(_ name: String) throws {
        try programs.add(
            name,
            script: """
                #!/bin/sh
                out=$(readlink /proc/$$/fd/1)
                { printf '%s' '\(name)'; for argument in "$@"; do printf '|%s' "$argument"; done; printf '|%s' "$out"; } > '\(fifo)'
                """)
    }

    /// What a program wrote, split at `|`, waiting at most 30 s for it to start (a loaded machine).
    func said() async -> [String] {
        await programs.said().split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
}

#if os(Linux)
    @Suite("Playing a preview: the user's player, else mpv, vlc or ffplay on PATH, else the browser")
    struct PreviewPlayerTests {
        let url = URL(string: "https://video-ssl.itunes.apple.com/itunes-assets/x/preview.m4v?a=1&b=$(id)")

        func item(_ url: URL) -> PreviewItem { PreviewItem(url: url, title: "4Ever — Clairo") }

        @Test(
            "Given MVSEARCH_PLAYER with options and a quoted word, then that program gets them and the URL, its output on a pipe"
        )
        func chosenPlayer() async throws {
            let programs = try FakePrograms()
            try programs.add("myplayer")
            try programs.add("mpv")
            let url = try #require(url)
            let player = SystemPreviewPlayer(
                environment: [
                    "PATH": "/nonexistent:\(programs.folder.path)",
                    "MVSEARCH_PLAYER": "myplayer --no-video 'two words'",
                ],
                browser: RecordingBrowser())
            #expect(player.play([item(url)]) { _ in } == .starting(player: "myplayer", item: item(url), count: 1))
            let said = await programs.said()
            #expect(said.dropLast() == ["myplayer", "--no-video", "two words", url.absoluteString])
            #expect(said.last?.hasPrefix("pipe:") == true)
        }

        @Test("Given no MVSEARCH_PLAYER, then the first of mpv, vlc, ffplay on PATH plays it")
        func knownPlayers() async throws {
            let programs = try FakePrograms()
            try programs.add("ffplay")
            try programs.add("vlc")
            let url = try #require(url)
            let browser = RecordingBrowser()
            let player = SystemPreviewPlayer(environment: ["PATH": programs.folder.path], browser: browser)
            #expect(player.play([item(url)]) { _ in } == .starting(player: "vlc", item: item(url), count: 1))
            #expect(await programs.said().dropLast() == ["vlc", "--play-and-exit", url.absoluteString])
            #expect(browser.opened.withLock { $0 }.isEmpty)
        }

        @Test(
            "Given no player on PATH, then the browser opens the clip; with no browser either, the message names MVSEARCH_PLAYER"
        )
        func fallbacks() throws {
            let url = try #require(url)
            let browser = RecordingBrowser()
            #expect(
                SystemPreviewPlayer(environment: ["PATH": "/nonexistent"], browser: browser).play([item(url)]) { _ in }
                    == .openedInBrowser)
            #expect(browser.opened.withLock { $0 } == [url])
            let none = SystemPreviewPlayer(
                environment: ["PATH": "/nonexistent"], browser: RecordingBrowser(succeeds: false))
            #expect(none.play([item(url)]) { _ in } == .noPlayer)
            #expect(
                PreviewPlayback.noPlayer.message
                    == "no player found — install mpv, vlc or ffplay, or set MVSEARCH_PLAYER to a player's command")
        }

        @Test(
            "Given MVSEARCH_PLAYER naming a program that is not there, or an unclosed quote, then nothing else is tried and the message says so"
        )
        func chosenPlayerMissing() throws {
            let programs = try FakePrograms()
            try programs.add("mpv")
            let url = try #require(url)
            let browser = RecordingBrowser()
            let missing = SystemPreviewPlayer(
                environment: ["PATH": programs.folder.path, "MVSEARCH_PLAYER": "nosuchplayer --fs"], browser: browser)
            #expect(missing.play([item(url)]) { _ in } == .chosenPlayerMissing(program: "nosuchplayer"))
            #expect(
                PreviewPlayback.chosenPlayerMissing(program: "nosuchplayer").message
                    == "cannot start nosuchplayer: no such program — set MVSEARCH_PLAYER (or the settings file's player)"
                    + " to a player's command"
            )
            let unclosed = SystemPreviewPlayer(
                environment: ["PATH": programs.folder.path, "MVSEARCH_PLAYER": "mpv 'oops"], browser: browser)
            #expect(unclosed.play([item(url)]) { _ in } == .unterminatedQuote(command: "mpv 'oops"))
            #expect(
                PreviewPlayback.unterminatedQuote(command: "mpv 'oops").message
                    == "the player's command mpv 'oops has an unterminated quote — close it in MVSEARCH_PLAYER"
                    + " (or the settings file's player)")
            #expect(browser.opened.withLock { $0 }.isEmpty)
        }

        @Test("Given an address that is not http(s), then nothing is started: no player, no browser")
        func refusesOtherSchemes() throws {
            let programs = try FakePrograms()
            try programs.add("mpv")
            let browser = RecordingBrowser()
            let player = SystemPreviewPlayer(environment: ["PATH": programs.folder.path], browser: browser)
            for address in ["file:///etc/passwd", "ftp://example.com/a.m4v", "javascript:alert(1)"] {
                #expect(player.play([item(try #require(URL(string: address)))]) { _ in } == .refused)
            }
            #expect(browser.opened.withLock { $0 }.isEmpty)
            // The fake mpv never ran: the FIFO has no writer, so a read finds nothing and no end.
            var descriptor = pollfd(fd: open(programs.fifo, O_RDONLY | O_NONBLOCK), events: Int16(POLLIN), revents: 0)
            defer { close(descriptor.fd) }
            #expect(poll(&descriptor, 1, 0) == 0)
        }
    }
#endif

@Suite("A player's command line: words as a shell splits them, never run by one")
struct PlayerCommandWordsTests {
    @Test("Spaces split; quotes and backslashes keep; $() and ; are plain characters")
    func words() {
        #expect(SystemPreviewPlayer.words(of: "mpv --no-video") == ["mpv", "--no-video"])
        #expect(
            SystemPreviewPlayer.words(of: "  '/opt/My Player/play'  \"a b\" c\\ d ''") == [
                "/opt/My Player/play", "a b", "c d", "",
            ])
        #expect(SystemPreviewPlayer.words(of: "mpv $(rm -rf ~); echo") == ["mpv", "$(rm", "-rf", "~);", "echo"])
        #expect(SystemPreviewPlayer.words(of: "mpv 'open") == nil)
        #expect(SystemPreviewPlayer.words(of: "   ") == nil)
    }
}
