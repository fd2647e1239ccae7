import Foundation
import Platform
import TerminalUI

/// Plays a video's preview clip for the user.
protocol PreviewPlaying: Sendable {
    /// Starts a player streaming `url` (nothing is saved).
    func play(_ url: URL) -> PreviewPlayback
}

/// What came of asking to play a preview.
enum PreviewPlayback: Equatable, Sendable {
    /// The player started, named as the user knows it (`mpv`, `the browser`).
    case started(player: String)
    /// The address is not http(s) (or too long to pass): nothing was started.
    case refused
    /// `MVSEARCH_PLAYER` names a program that is not there, or that could not be started.
    case chosenPlayerMissing(program: String)
    /// The player's command has a quote that is never closed: nothing was started.
    case unterminatedQuote(command: String)
    /// No player on `PATH` and no browser either.
    case noPlayer

    /// What the status line says.
    var message: String {
        switch self {
        case .started(let player): "playing the preview in \(player)"
        case .refused: "the preview's address is not a web address — it is not played"
        case .chosenPlayerMissing(let program):
            "cannot start \(TerminalSanitizer.excerpt(program)) — set \(SystemPreviewPlayer.variable) (or the settings file's player) to a player's command"
        case .unterminatedQuote(let command):
            "the player's command \(TerminalSanitizer.excerpt(command)) has an unterminated quote — close it in "
                + "\(SystemPreviewPlayer.variable) (or the settings file's player)"
        case .noPlayer:
            "no player found — install mpv, vlc or ffplay, or set \(SystemPreviewPlayer.variable) to a player's command"
        }
    }
}

/// The user's player: the command line in `MVSEARCH_PLAYER` (split into words as a shell would,
/// quotes included, but never run by one; the URL is appended), else the first of mpv, vlc and
/// ffplay on `PATH`, else the browser. Started as a `DetachedProcess`, like the browser, and
/// only for http(s) addresses: the clip is streamed by the player, never saved here (the
/// store's terms).
struct SystemPreviewPlayer: PreviewPlaying {
    static let variable = "MVSEARCH_PLAYER"
    /// Tried in this order when the variable is not set.
    static let knownPlayers = ["mpv", "vlc", "ffplay"]

    /// The user's command line for a player (`MVSEARCH_PLAYER`, or a setting), if any.
    let command: String?
    /// Where players are looked for (`PATH`).
    let searchPath: String
    /// The last resort.
    let browser: any URLOpening

    /// The player `MVSEARCH_PLAYER` names, looked for on `PATH`.
    init(environment: [String: String], browser: any URLOpening) {
        self.init(
            command: environment[Self.variable], searchPath: environment["PATH"] ?? "/usr/bin:/bin", browser: browser)
    }

    init(command: String?, searchPath: String, browser: any URLOpening) {
        self.command = command
        self.searchPath = searchPath
        self.browser = browser
    }

    func play(_ url: URL) -> PreviewPlayback {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.absoluteString.utf8.count <= SystemBrowser.maximumURLBytes
        else { return .refused }
        if let command, !command.trimmingWhitespace().isEmpty {
            guard let words = Self.words(of: command) else { return .unterminatedQuote(command: command) }
            guard let program = words.first else { return .chosenPlayerMissing(program: command) }
            let path =
                program.utf8.contains(UInt8(ascii: "/"))
                ? program : DetachedProcess.executable(named: program, inSearchPath: searchPath)
            guard let path, DetachedProcess.start(path, arguments: words.dropFirst() + [url.absoluteString]) else {
                return .chosenPlayerMissing(program: program)
            }
            return .started(player: Self.name(of: program))
        }
        for name in Self.knownPlayers {
            if let path = DetachedProcess.executable(named: name, inSearchPath: searchPath),
                DetachedProcess.start(path, arguments: [url.absoluteString])
            {
                return .started(player: name)
            }
        }
        return browser.open(url) ? .started(player: "the browser") : .noPlayer
    }

    /// A command line's words: split at white space, except inside single or double quotes; a
    /// backslash outside single quotes keeps the next character as it is.
    /// - Returns: The words, or `nil` when there are none or a quote is not closed.
    static func words(of command: String) -> [String]? {
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

    /// The program's own name, for the status line (`/usr/bin/mpv` → `mpv`).
    private static func name(of program: String) -> String {
        TerminalSanitizer.excerpt(String(program.split(separator: "/").last ?? Substring(program)))
    }
}
