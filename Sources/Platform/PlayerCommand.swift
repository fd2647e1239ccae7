import Foundation

/// Which media player plays an address, and how: the user's command line (split into words as a
/// shell would, quotes included, but never run by one; the address is appended), else the first
/// of mpv, vlc and ffplay on `PATH`. Players that would stay open once the media ends are told to
/// quit (`ffplay -autoexit`, `vlc --play-and-exit`) and to say only their errors.
public struct PlayerCommand: Equatable, Sendable {
    /// Tried in this order when no command is set.
    public static let knownPlayers = ["mpv", "vlc", "ffplay"]

    /// The program's path.
    public let path: String
    /// Its own name (`/usr/bin/mpv` → `mpv`), as given: sanitise it before showing it.
    public let name: String
    /// The words before the address.
    public let options: [String]

    /// What a command line comes to.
    public enum Resolution: Equatable, Sendable {
        /// The player to start.
        case player(PlayerCommand)
        /// The command's program is not there.
        case missing(program: String)
        /// The command's program is there but may not be run.
        case notExecutable(program: String)
        /// The command has a quote that is never closed.
        case unterminatedQuote(command: String)
        /// No command set and no known player on `PATH`.
        case none
    }

    /// - Parameters:
    ///   - command: The user's command line, if any.
    ///   - searchPath: Where programs are looked for (`PATH`).
    /// - Returns: The player, or why there is none.
    public static func resolve(_ command: String?, searchPath: String) -> Resolution {
        guard let command, !command.trimmingWhitespace().isEmpty else {
            for name in knownPlayers {
                if let path = DetachedProcess.executable(named: name, inSearchPath: searchPath) {
                    return .player(PlayerCommand(path: path, name: name, options: quitOptions(for: name, given: [])))
                }
            }
            return .none
        }
        guard let words = words(of: command) else { return .unterminatedQuote(command: command) }
        guard let program = words.first else { return .missing(program: command) }
        let name = String(program.split(separator: "/").last ?? Substring(program))
        let path: String
        if program.utf8.contains(UInt8(ascii: "/")) {
            path = program
        } else if let found = DetachedProcess.executable(named: program, inSearchPath: searchPath) {
            path = found
        } else {
            let anywhere = searchPath.split(separator: ":").contains {
                FileManager.default.fileExists(
                    atPath: URL(fileURLWithPath: String($0)).appendingPathComponent(program).path)
            }
            return anywhere ? .notExecutable(program: program) : .missing(program: program)
        }
        guard FileManager.default.fileExists(atPath: path) else { return .missing(program: program) }
        guard FileManager.default.isExecutableFile(atPath: path) else { return .notExecutable(program: program) }
        let options = Array(words.dropFirst())
        return .player(PlayerCommand(path: path, name: name, options: options + quitOptions(for: name, given: options)))
    }

    /// What a known player is told so that it quits when the clip ends and says only its errors.
    private static func quitOptions(for name: String, given: [String]) -> [String] {
        switch name {
        case "ffplay":
            let wanted =
                ["-autoexit", "-hide_banner", "-nostats"] + (given.contains("-loglevel") ? [] : ["-loglevel", "error"])
            return wanted.filter { !given.contains($0) }
        case "vlc", "cvlc": return given.contains("--play-and-exit") ? [] : ["--play-and-exit"]
        default: return []
        }
    }

    /// A command line's words: split at white space, except inside single or double quotes; a
    /// backslash outside single quotes keeps the next character as it is.
    /// - Returns: The words, or `nil` when there are none or a quote is not closed.
    public static func words(of command: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words.isEmpty ? nil : words
    }
}
