import Foundation
import TerminalUI

/// Plays videos' preview clips for the user, one preview (or one queue of them) at a time.
protocol PreviewPlaying: Sendable {
    /// Plays `queue` in order, in place of whatever plays now; when exactly that queue plays
    /// already, stops it instead (`p` on the playing row).
    /// - Parameters:
    ///   - queue: The clips, in the order they play; never saved, only streamed.
    ///   - report: Says later what came of it — the player playing, ending, or failing with its
    ///     own first line of output — on the main actor. Never called for a playback stopped or
    ///     replaced here.
    /// - Returns: What happened at once.
    func play(_ queue: [PreviewItem], report: @escaping @MainActor @Sendable (String) -> Void) -> PreviewPlayback
    /// Stops what plays.
    /// - Returns: What was stopped, or `.nothingPlays`.
    func stop() -> PreviewPlayback
    /// What the status line says while a preview plays (`▶ 4Ever — Clairo · x stop`), else `nil`.
    var nowPlaying: String? { get }
}

/// One preview clip to play: its address and what the status line calls it.
struct PreviewItem: Equatable, Sendable {
    /// The clip's http(s) address.
    let url: URL
    /// `4Ever — Clairo`: sanitised for the terminal when shown.
    let title: String
}

/// What came of asking to play or stop a preview.
enum PreviewPlayback: Equatable, Sendable {
    /// The player is starting on the queue's first clip; `count` clips in all.
    case starting(player: String, item: PreviewItem, count: Int)
    /// No player on `PATH`: the browser was asked to open the (first) clip.
    case openedInBrowser
    /// The preview that played was stopped.
    case stopped(item: PreviewItem)
    /// Nothing played, so nothing was stopped.
    case nothingPlays
    /// The address is not http(s) (or too long to pass): nothing was started.
    case refused
    /// The chosen player is not there.
    case chosenPlayerMissing(program: String)
    /// The player is there but may not be run.
    case notExecutable(program: String)
    /// The system would not start the player (its `errno`).
    case cannotStart(program: String, error: Int32)
    /// The player's command has a quote that is never closed: nothing was started.
    case unterminatedQuote(command: String)
    /// No player on `PATH` and no browser either.
    case noPlayer

    /// The key that stops what plays, wherever the cursor is (`p` on the playing row does too).
    static let stopKey = "x"
    /// What the line of what plays ends with: the key that stops it (` · x stop`).
    static let stopHint = " · \(stopKey) stop"

    /// What the status line says.
    var message: String {
        let setting = "\(SystemPreviewPlayer.variable) (or the settings file's player)"
        switch self {
        case .starting(let player, let item, let count):
            return "starting \(TerminalSanitizer.excerpt(player)): \(TerminalSanitizer.excerpt(item.title))"
                + (count > 1 ? " (1 of \(count))" : "")
        case .openedInBrowser: return "playing the preview in the browser"
        case .stopped(let item): return "stopped \(TerminalSanitizer.excerpt(item.title))"
        case .nothingPlays: return "no preview is playing"
        case .refused: return "the preview's address is not a web address — it is not played"
        case .chosenPlayerMissing(let program):
            return
                "cannot start \(TerminalSanitizer.excerpt(program)): no such program — set \(setting) to a player's command"
        case .notExecutable(let program):
            return
                "cannot start \(TerminalSanitizer.excerpt(program)): it is not executable — set \(setting) to a player's command"
        case .cannotStart(let program, let error):
            return "cannot start \(TerminalSanitizer.excerpt(program)): \(String(cString: strerror(error)))"
        case .unterminatedQuote(let command):
            return "the player's command \(TerminalSanitizer.excerpt(command)) has an unterminated quote — close it in "
                + setting
        case .noPlayer:
            return
                "no player found — install mpv, vlc or ffplay, or set \(SystemPreviewPlayer.variable) to a player's command"
        }
    }
}
