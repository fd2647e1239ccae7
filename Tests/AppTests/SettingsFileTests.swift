import Domain
import Foundation
import Presentation
import TerminalUI
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The settings file, read and checked")
struct SettingsFileTests {
    private func parse(_ text: String) throws(SettingsFileError) -> SettingsFile {
        try SettingsFile(parsing: Data(text.utf8))
    }

    @Test("Given every key, comments, blank lines, CRLF and a byte-order mark, then each value and its line")
    func everyKey() throws {
        let text =
            "\u{FEFF}# mine\r\n\r\ncountry = gb   # the UK\r\n  LIMIT=50\nformat = JSONL\ncolor = off\n"
            + "\tplayer = mpv --fs --title=#1\n# the end"
        let file = try parse(text)
        #expect(file.country == .init(value: "GB", line: 3))
        #expect(file.limit == .init(value: 50, line: 4))
        #expect(file.format == .init(value: .jsonl, line: 5))
        #expect(file.colour == .init(value: false, line: 6))
        #expect(file.player == .init(value: "mpv --fs --title=#1", line: 7))
    }

    @Test("Given a line without =, then the message names its number but never prints it (a link to another file)")
    func lineNotPrinted() {
        do {
            _ = try parse("root:$6$secret-hash:20228:0:99999:7:::\n")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 1)
            #expect(!"\(error)".contains("secret"), "\(error)")
        }
    }

    @Test("Given an empty file or only comments, then nothing is set")
    func empty() throws {
        #expect(try parse("") == SettingsFile())
        #expect(try parse("\n# country = GB\n   \n") == SettingsFile())
    }

    @Test(
        "Given a bad line, then the error names its line, the problem and what the key takes",
        arguments: [
            ("country = GB\nlimt = 10\n", 2, "unknown setting 'limt'", "did you mean limit?"),
            (
                "zzz = 1", 1, "unknown setting 'zzz'",
                "use one of country, limit, format, colour, player, mouse, images, rate, remember"
            ),
            (
                "\n\ncountry = usa", 3, "country takes a two-letter store country such as US, GB or JP, not 'usa'",
                "remove"
            ),
            (
                "images = sixel", 1, "images takes one of auto, off, kitty, iterm2, not 'sixel'",
                "correct or remove the line"
            ),
            ("limit = 500", 1, "limit takes a whole number from 1 to 200, not '500'", "correct or remove the line"),
            ("limit = ten", 1, "limit takes a whole number from 1 to 200, not 'ten'", "correct"),
            ("format = jsn", 1, "format takes one of table, plain, json, jsonl, m3u, not 'jsn'", "did you mean json?"),
            ("colour = maybe", 1, "colour takes on or off, not 'maybe'", "correct"),
            ("colour", 1, "has no \"=\"", "start it with #"),
            ("= GB", 1, "has no key before =", "country, limit"),
            ("country =", 1, "country has no value", "give a two-letter store country"),
            ("colour = on\ncolour = off", 2, "sets colour again (line 1 set it)", "keep one of the two"),
            ("player = mpv\u{1B}[2J", 1, "player's value contains a control character (U+001B)", "command line"),
            ("country = G\u{0}B", 1, "country's value contains a NUL byte", "two-letter store country"),
            ("player = mpv 'oops", 1, "player's command has an unterminated quote", "close the quote"),
        ])
    func badLine(text: String, line: Int, problem: String, advice: String) {
        #expect {
            try parse(text)
        } throws: { error in
            guard let error = error as? SettingsFileError else { return false }
            return error.line == line && error.problem == problem && error.advice.contains(advice)
        }
    }

    @Test("Given a value of combining marks only, then it is refused as the value it is, not as no value")
    func combiningMarks() {
        #expect {
            try parse("country = \u{301}\u{301}\n")
        } throws: { error in
            guard let error = error as? SettingsFileError else { return false }
            return error.line == 1 && error.problem.hasPrefix("country takes a two-letter store country")
        }
    }

    @Test("Given bytes that are not UTF-8 on line 2, then that line is named")
    func notUTF8() {
        #expect(throws: SettingsFileError(line: 2, "is not UTF-8 text", advice: "save the file as UTF-8")) {
            try SettingsFile(parsing: Data("country = GB\nplayer = ".utf8) + Data([0xFF, 0xFE]))
        }
    }

    @Test("A message is one line naming the file and the line, with nothing that drives the terminal")
    func message() {
        var error = SettingsFileError(line: 4, "unknown setting 'x'", advice: "use one of country")
        error.path = "/home/ana/.config/mvsearch/config\u{1B}[2J"
        #expect(
            error.message
                == "bad settings file /home/ana/.config/mvsearch/config[2J, line 4: unknown setting 'x' — use one of country"
        )
    }
}

@Suite("Where each setting comes from")
struct SettingsPrecedenceTests {
    private let file: LoadedSettingsFile

    init() throws {
        let text = "country = GB\nlimit = 10\nformat = json\ncolour = off\nplayer = vlc\nmouse = off\nimages = kitty\n"
        file = LoadedSettingsFile(
            path: "/x/config", status: .read, contents: try SettingsFile(parsing: Data(text.utf8)))
    }

    private func settings(
        _ arguments: [String] = ["x"], environment: [String: String] = [:], file: LoadedSettingsFile? = nil
    )
        throws -> UserSettings
    {
        guard case .search(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("no") }
        return try UserSettings(options: options, environment: environment, file: file ?? self.file)
    }

    @Test("Given nothing but the defaults, then each setting is the default")
    func defaults() throws {
        let settings = try settings(file: .noFile)
        #expect(settings.country == Setting(value: "US", source: .builtIn))
        #expect(settings.limit == Setting(value: 25, source: .builtIn))
        #expect(settings.format == Setting(value: nil, source: .builtIn))
        #expect(settings.colour == Setting(value: true, source: .builtIn))
        #expect(settings.player == Setting(value: nil, source: .builtIn))
        #expect(settings.mouse == Setting(value: true, source: .builtIn))
    }

    @Test("Given the file, then it wins over the defaults, naming its lines")
    func fileOverDefaults() throws {
        let settings = try settings()
        #expect(settings.country == Setting(value: "GB", source: .file(line: 1)))
        #expect(settings.limit == Setting(value: 10, source: .file(line: 2)))
        #expect(settings.format == Setting(value: .json, source: .file(line: 3)))
        #expect(settings.colour == Setting(value: false, source: .file(line: 4)))
        #expect(settings.player == Setting(value: "vlc", source: .file(line: 5)))
        #expect(settings.mouse == Setting(value: false, source: .file(line: 6)))
    }

    @Test("Given the environment, then it wins over the file")
    func environmentOverFile() throws {
        let settings = try settings(environment: ["MVSEARCH_COUNTRY": "jp", "MVSEARCH_PLAYER": "mpv"])
        #expect(settings.country == Setting(value: "JP", source: .environment("MVSEARCH_COUNTRY")))
        #expect(settings.player == Setting(value: "mpv", source: .environment("MVSEARCH_PLAYER")))
        let colourless = try self.settings(environment: ["NO_COLOR": "1"], file: .noFile)
        #expect(colourless.colour == Setting(value: false, source: .environment("NO_COLOR")))
        let dumb = try self.settings(environment: ["TERM": "dumb"], file: .noFile)
        #expect(dumb.colour == Setting(value: false, source: .environment("TERM=dumb")))
    }

    @Test("Given the command line, then it wins over the environment and the file")
    func commandLineOverAll() throws {
        let settings = try settings(
            ["-c", "fr", "-l", "3", "--format", "plain", "--no-color", "x"],
            environment: ["MVSEARCH_COUNTRY": "jp", "NO_COLOR": "1"])
        #expect(settings.country == Setting(value: "fr", source: .commandLine))
        #expect(settings.limit == Setting(value: 3, source: .commandLine))
        #expect(settings.format == Setting(value: .plain, source: .commandLine))
        #expect(settings.colour == Setting(value: false, source: .commandLine))
        #expect(try self.settings(["--json", "x"]).format == Setting(value: .json, source: .commandLine))
    }

    @Test("Given mouse = on in the file, --no-mouse still leaves the mouse to the terminal; a bad value is named")
    func mouse() throws {
        let on = LoadedSettingsFile(
            path: "/x/config", status: .read, contents: try SettingsFile(parsing: Data("mouse = yes\n".utf8)))
        #expect(try settings(file: on).mouse == Setting(value: true, source: .file(line: 1)))
        #expect(try settings(["--no-mouse", "x"], file: on).mouse == Setting(value: false, source: .commandLine))
        #expect(
            throws: SettingsFileError(
                line: 1, "mouse takes on or off, not 'sometimes'", advice: "correct or remove the line")
        ) {
            try SettingsFile(parsing: Data("mouse = sometimes".utf8))
        }
    }

    @Test("--settings prints each setting, its value and where it came from, under the file's path")
    func report() throws {
        let text = SettingsReport.text(try settings(["-l", "5", "x"], environment: ["NO_COLOR": "1"]))
        #expect(
            text == """
                settings file: /x/config
                country    GB                         file:1
                limit      5                          command line
                format     json                       file:3
                colour     off                        environment (NO_COLOR)
                player     vlc                        file:5
                mouse      off                        file:6
                images     kitty                      file:7
                rate       off                        default
                remember   terminal                   default
                timeout    15 s                       default
                retries    2                          default
                base-url   https://itunes.apple.com/  default
                cache-ttl  3600 s                     default

                """)
    }

    @Test("Given images in the file, then it holds unless --no-images says off; the default is auto")
    func images() throws {
        #expect(try settings().images == Setting(value: .kitty, source: .file(line: 7)))
        #expect(try settings(["--no-images", "x"]).images == Setting(value: .off, source: .commandLine))
        #expect(try settings(file: .noFile).images == Setting(value: .auto, source: .builtIn))
        // NO_COLOR is about colour: artwork stays.
        #expect(try settings(environment: ["NO_COLOR": "1"]).images.value == .kitty)
    }

    @Test("The images setting gives the protocol: auto asks the environment, off none, the others theirs")
    func imagesProtocol() {
        let kitty = ["TERM": "xterm-kitty"]
        #expect(ImagesSetting.auto.graphics(environment: kitty) == .kitty)
        #expect(ImagesSetting.auto.graphics(environment: ["TERM": "xterm-256color"]) == nil)
        #expect(ImagesSetting.off.graphics(environment: kitty) == nil)
        #expect(ImagesSetting.iterm2.graphics(environment: kitty) == .iTerm2)
        #expect(ImagesSetting.kitty.graphics(environment: ["TERM": "xterm-256color"]) == .kitty)
    }
}

@Suite("Finding and reading the settings file")
struct LoadedSettingsFileTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("mvsearch"), withIntermediateDirectories: true)
    }

    private var file: URL { folder.appendingPathComponent("mvsearch/config") }

    private func write(_ text: String, mode: mode_t = 0o600) throws {
        try Data(text.utf8).write(to: file)
        chmod(file.path, mode)
    }

    @Test("XDG_CONFIG_HOME when absolute, else HOME/.config, else no file at all")
    func location() {
        #expect(
            LoadedSettingsFile.location(["XDG_CONFIG_HOME": "/c", "HOME": "/h"])?.path == "/c/mvsearch/config")
        #expect(
            LoadedSettingsFile.location(["XDG_CONFIG_HOME": "rel", "HOME": "/h"])?.path == "/h/.config/mvsearch/config")
        #expect(LoadedSettingsFile.location(["HOME": "h"]) == nil)
        #expect(LoadedSettingsFile.location([:]) == nil)
    }

    @Test("Given the user's own file, then it is read; given none, then the defaults")
    func reads() throws {
        let environment = ["XDG_CONFIG_HOME": folder.path]
        #expect(try LoadedSettingsFile.load(environment: environment).status == .missing)
        try write("country = GB\n")
        let loaded = try LoadedSettingsFile.load(environment: environment)
        #expect(loaded.status == .read)
        #expect(loaded.contents.country?.value == "GB")
        #expect(loaded.path == file.path)
    }

    @Test("Given a file of another user, or one others may write, then it is refused and nothing is read from it")
    func refusesFilesNotTheUsers() throws {
        let environment = ["XDG_CONFIG_HOME": folder.path]
        try write("country = GB\n")
        let foreign = try LoadedSettingsFile.load(environment: environment, userID: geteuid() + 1)
        #expect(foreign.status == .refused(reason: "\(file.path) belongs to another user (uid \(geteuid()))"))
        #expect(foreign.contents == SettingsFile())
        try write("country = GB\n", mode: 0o620)
        let open = try LoadedSettingsFile.load(environment: environment)
        #expect(open.status == .refused(reason: "\(file.path) is writable by other users"))
        #expect(open.contents == SettingsFile())
    }

    @Test("Given a file over 64 KiB, then it is refused as a bad settings file, whatever its lines")
    func tooLarge() throws {
        try write(String(repeating: "# padding\n", count: 6600))
        #expect {
            try LoadedSettingsFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        } throws: { error in
            guard let error = error as? SettingsFileError else { return false }
            return error.line == nil && error.path == file.path && error.message.contains("larger than 64 KiB")
        }
    }

    @Test("Given a bad line, then the error carries the file's path")
    func badLineNamesTheFile() throws {
        try write("country = GB\nvolume = 11\n")
        #expect {
            try LoadedSettingsFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        } throws: { error in
            (error as? SettingsFileError)?.message.hasPrefix("bad settings file \(file.path), line 2: ") == true
        }
    }
}
