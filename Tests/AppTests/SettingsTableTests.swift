import Foundation
import Testing

@testable import App

/// Each setting read from its one declaration: the same text means the same value from the
/// settings file, the environment and the setting's own option.
@Suite("The settings table: one declaration, every source")
struct SettingsTableTests {
    private func settings(_ arguments: [String], environment: [String: String] = [:], file text: String = "")
        throws -> UserSettings
    {
        guard case .search(let options) = try CommandLineParser.parse(arguments + ["x"]) else { throw UsageError("no") }
        let file = LoadedSettingsFile(
            path: "/x/config", status: .read, contents: try SettingsFile(parsing: Data(text.utf8)))
        return try UserSettings(options: options, environment: environment, file: file)
    }

    @Test("Given remember = never in the file, MVSEARCH_REMEMBER=always wins, and --remember terminal wins over both")
    func precedence() throws {
        let file = "remember = never\n"
        #expect(try settings([], file: file).remember == Setting(value: .never, source: .file(line: 1)))
        let environment = ["MVSEARCH_REMEMBER": "ALWAYS"]
        #expect(
            try settings([], environment: environment, file: file).remember
                == Setting(value: .always, source: .environment("MVSEARCH_REMEMBER")))
        #expect(
            try settings(["--remember", "terminal"], environment: environment, file: file).remember
                == Setting(value: .terminal, source: .commandLine))
        #expect(try settings([]).remember == Setting(value: .terminal, source: .builtIn))
    }

    @Test("Given a setting's switch (--no-mouse, --no-color), then it sets the value its declaration names")
    func switches() throws {
        let given = try settings(["--no-mouse", "--no-colour"], file: "mouse = on\ncolor = on\n")
        #expect(given.mouse == Setting(value: false, source: .commandLine))
        #expect(given.colour == Setting(value: false, source: .commandLine))
        #expect(
            try settings([], environment: ["TERM": "dumb"]).colour
                == Setting(value: false, source: .environment("TERM=dumb")))
        #expect(try settings([], environment: ["TERM": "xterm"]).colour == Setting(value: true, source: .builtIn))
    }

    @Test("Given the file's text for each setting, then a variable or option of the setting reads it the same way")
    func sameParser() throws {
        #expect(try settings([], environment: ["MVSEARCH_PLAYER": "mpv --fs"]).player.value == "mpv --fs")
        #expect(
            throws: UsageError(
                "MVSEARCH_PLAYER: player's command has an unterminated quote — set it to "
                    + "a player's command line such as mpv --fs, or unset it")
        ) {
            try settings([], environment: ["MVSEARCH_PLAYER": "mpv 'oops"])
        }
        #expect(throws: SettingsFileError.self) { try settings([], file: "remember = sometimes\n") }
    }

    @Test(
        "Given timeout, retries, base-url and cache-ttl in the file, then each is read with its line, below the environment and the command line"
    )
    func requestSettingsInTheFile() throws {
        let file = "timeout = 30\nretries = 0\nbase-url = http://127.0.0.1:8/\ncache-ttl = 60\n"
        let given = try settings([], file: file)
        #expect(given.timeout == Setting(value: 30, source: .file(line: 1)))
        #expect(given.retries == Setting(value: 0, source: .file(line: 2)))
        #expect(
            given.baseURL == Setting(value: try #require(URL(string: "http://127.0.0.1:8/")), source: .file(line: 3)))
        #expect(given.cacheTTL == Setting(value: 60, source: .file(line: 4)))
        let overridden = try settings(
            ["--timeout", "2.5", "--retries", "5"], environment: ["MVSEARCH_CACHE_TTL": "0"], file: file)
        #expect(overridden.timeout == Setting(value: 2.5, source: .commandLine))
        #expect(overridden.retries == Setting(value: 5, source: .commandLine))
        #expect(overridden.cacheTTL == Setting(value: 0, source: .environment("MVSEARCH_CACHE_TTL")))
        #expect(try settings([]).timeout == Setting(value: 15, source: .builtIn))
        #expect(try settings([]).cacheTTL == Setting(value: 3600, source: .builtIn))
    }

    @Test("Given a request setting's bad value in the file, then the message is the option's, about the key")
    func requestSettingsRefusedInTheFile() {
        #expect(
            throws: SettingsFileError(
                line: 1, "retries must be between 0 and 5, not 9", advice: "correct or remove the line")
        ) { try settings([], file: "retries = 9\n") }
        #expect(
            throws: SettingsFileError(
                line: 1, "base-url 'ftp://x/' is not an http(s) URL — give one like https://itunes.apple.com/",
                advice: "correct or remove the line")
        ) { try settings([], file: "base-url = ftp://x/\n") }
    }

    @Test("Given the request settings, then --settings lists each, and their options are rows of the option table")
    func requestSettingsReported() throws {
        let keys = try settings(["--timeout", "2.5"]).rows.map(\.key)
        #expect(Array(keys.suffix(4)) == ["timeout", "retries", "base-url", "cache-ttl"])
        for (name, key) in [("--timeout", "timeout"), ("--retries", "retries"), ("--base-url", "base-url")] {
            let declared = SettingsTable.shared.all.first { $0.key == key }
            #expect(declared?.optionNames == [name])
            #expect(CommandLineOption.named(name)?.scopes == CommandLineOption.Scope.requests)
        }
        #expect(SettingsTable.shared.cacheTTL.variableNames == ["MVSEARCH_CACHE_TTL"])
        #expect(SettingsTable.shared.baseURL.variableNames == ["MVSEARCH_BASE_URL"])
    }

    @Test("Given cache-ttl = 0 in the file, when --offline asks for the cache, then the message names the file's key")
    func offlineWithoutCacheFromTheFile() throws {
        guard case .search(let options) = try CommandLineParser.parse(["--offline", "x"]) else { return }
        let file = LoadedSettingsFile(
            path: "/x/config", status: .read, contents: try SettingsFile(parsing: Data("cache-ttl = 0\n".utf8)))
        #expect(
            throws: UsageError(
                "--offline answers from the response cache, which the settings file's cache-ttl = 0 turns off — "
                    + "change it, or run without --offline")
        ) { try AppConfiguration(options: options, environment: [:], settingsFile: file) }
    }
}
