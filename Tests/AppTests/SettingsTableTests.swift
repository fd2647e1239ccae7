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
}
