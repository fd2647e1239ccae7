import Domain
import Foundation
import Mocks
import Networking
import Presentation
import TerminalUI
import Testing

@testable import App

/// Random argument vectors — valid options with good and bad values, junk, text decoded from
/// random bytes (as the runtime decodes invalid UTF-8), huge numbers, empty strings — from a
/// fixed seed, so every run tries the same ones. Never a crash: always a command or a typed
/// usage error, and a whole run of the app ends with a known status and at most one clean line
/// on stderr for a usage error.
@MainActor
@Suite("Command-line fuzz")
struct CommandLineFuzzTests {
    private static let values = [
        "", " ", "0", "1", "-1", "25", "200", "201", "0.1", "0.05", "1.5", "600", "601", "1e308", "-1e308", "1e-320",
        "nan", "inf", "-inf", "0x10", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "99999999999999999999999999999999", "us", "GB", "usa", "1x", "artist", "song", "album", "any", "Artist",
        "table", "plain", "json", "jsonl", "xml", "id,title", "title,", ",", "term", "http://127.0.0.1:1/",
        "https://itunes.apple.com/", "http://example.com/", "ftp://127.0.0.1/", "not a url", "http://u:p@[::1]:8/",
        "--", "-", "=", "--limit", "-l", "\u{0}", "\u{1B}[2J", "\u{202E}evil", "é", "🎵", "\u{FFFD}",
        String(repeating: "x", count: 5_000),
    ]

    private static let junk = ["-", "--", "---", "--=", "--=x", "-=", "-lx", "--limit=", "--json=", "-ll", "--no-"]

    private static func argument(_ generator: inout SeededGenerator) -> String {
        let names = CommandLineOption.all.flatMap(\.names)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            return names.randomElement(using: &generator) ?? "--help"
        case 4:
            let name = CommandLineOption.all.map(\.long).randomElement(using: &generator) ?? "--limit"
            return name + "=" + (values.randomElement(using: &generator) ?? "")
        case 5..<8:
            return values.randomElement(using: &generator) ?? ""
        case 8:
            return junk.randomElement(using: &generator) ?? "-"
        default:
            // Random bytes, decoded as the runtime decodes an argument that is not UTF-8.
            let count = Int.random(in: 0..<12, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func vectors(count: Int, seed: UInt64) -> [[String]] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var arguments: [String] = []
            for _ in 0..<Int.random(in: 0..<7, using: &generator) {
                let argument = argument(&generator)
                arguments.append(argument)
                // An option is mostly followed by a value, good or bad: the values are where
                // numbers overflow.
                if argument.hasPrefix("-"), Int.random(in: 0..<4, using: &generator) > 0 {
                    arguments.append(values.randomElement(using: &generator) ?? "")
                }
            }
            return arguments
        }
    }

    /// Control characters (C0, DEL, C1) or a line break: what a usage message must never hold.
    private static func isClean(_ message: String) -> Bool {
        !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    @Test(
        "Found by the fuzz: huge numbers are usage errors, not crashes",
        arguments: [
            (
                ["--timeout", "1e308", "x"],
                "option --timeout must be between 0.1 and 600 seconds, not '1e308' — give one such as 15"
            ),
            (["--offset", "9223372036854775807", "x"], "the offset 9223372036854775807 is too large — use --offset"),
        ])
    func hugeNumbers(arguments: [String], message: String) async {
        let diagnostics = CapturingOutput()
        let console = Console.piped(diagnostics: diagnostics)
        let application = Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console,
            overrides: .init(musicVideosRepository: MockMusicVideosRepository.returning([.stub()])))
        #expect(await application.run() == .usage)
        #expect(diagnostics.text.hasPrefix("mvsearch: " + message), "\(diagnostics.text)")
    }

    @Test("4 000 seeded argument vectors: each parses to a command or a typed usage error with a clean message")
    func parser() {
        var commands = 0
        var errors = 0
        for arguments in Self.vectors(count: 4_000, seed: 0x6D76_7365_6172_6368) {
            do throws(UsageError) {
                let command = try CommandLineParser.parse(arguments)
                commands += 1
                if case .search(let options) = command {
                    do throws(UsageError) {
                        _ = try AppConfiguration(options: options, environment: [:])
                    } catch {
                        #expect(Self.isClean(error.message), "\(arguments)")
                    }
                }
            } catch {
                errors += 1
                #expect(!error.message.isEmpty && Self.isClean(error.message), "\(arguments)")
            }
        }
        // The vectors reach both outcomes in numbers, or the test would prove little.
        #expect(commands > 400 && errors > 400, "\(commands) commands, \(errors) errors")
    }

    @Test("3 000 seeded argument vectors through the whole app: a known status, and one clean line for a usage error")
    func application() async {
        let known: Set<App.ExitStatus> = [.success, .noResults, .usage, .unavailable]
        // Folders of its own (with none given, the runs shared the user's request budget, which any
        // other run of the last minute could have spent: a vector that reached the network then
        // ended 75), and no budget: the vectors that reach the network would spend their own.
        let environment = isolatedEnvironment(["MVSEARCH_RATE": "off"])
        for arguments in Self.vectors(count: 3_000, seed: 0x0A11_CA71_0000_0017) {
            let output = CapturingOutput()
            let diagnostics = CapturingOutput()
            let console = Console.piped(output: output, diagnostics: diagnostics)
            let repository = MockMusicVideosRepository(
                search: { query throws(CatalogError) in MusicVideoPage(query: query, videos: [], rowCount: 0) },
                lookup: { _ throws(CatalogError) in nil },
                artist: { _ throws(CatalogError) in [] })
            let application = Application(
                arguments: arguments, environment: environment, console: console,
                overrides: .init(
                    // Whatever no repository here answers (artists, charts, collections) fails at
                    // once as with no network: through the real one it waited for its timeout, and
                    // on a loaded machine a few did time out (75).
                    sessionManager: MockNetworkSessionManager.failing(with: NetworkError.notConnected),
                    musicVideosRepository: repository, recentSearchesRepository: InMemoryRecentSearchesRepository(),
                    browser: RecordingBrowser(), responseCacheStore: InMemoryResponseCacheStore()))
            let status = await application.run()
            #expect(known.contains(status), "\(arguments) → \(status): \(diagnostics.text)")
            if status == .usage {
                let lines = diagnostics.text.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count == 2 && lines[0].hasPrefix("mvsearch: "), "\(arguments)")
                #expect(Self.isClean(String(lines[0])), "\(arguments)")
            }
        }
    }
}
