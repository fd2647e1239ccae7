import Foundation
import Platform
import TerminalUI

/// The user's player, one preview at a time: Platform's `QueuePlayer` (each clip played by a
/// supervised process of its own, ended with its whole group and with the session, the clips of a
/// queue one after another), in the sessions' words. Only http(s) addresses are played, streamed
/// by the player, never saved here (the store's terms). With no player at all, the browser opens
/// the first clip.
final class SystemPreviewPlayer: PreviewPlaying {
    static let variable = "MVSEARCH_PLAYER"

    /// The user's command line for a player (`MVSEARCH_PLAYER`, or a setting), if any.
    var command: String? { queue.command }
    /// Where players are looked for (`PATH`).
    var searchPath: String { queue.searchPath }
    /// The last resort.
    let browser: any URLOpening

    private let queue: QueuePlayer<PreviewItem>

    /// The player `MVSEARCH_PLAYER` names, looked for on `PATH`.
    convenience init(environment: [String: String], browser: any URLOpening) {
        self.init(
            command: environment[Self.variable], searchPath: environment["PATH"] ?? "/usr/bin:/bin", browser: browser)
    }

    init(command: String?, searchPath: String, browser: any URLOpening) {
        queue = QueuePlayer(command: command, searchPath: searchPath)
        self.browser = browser
    }

    /// See `PlayerCommand.words(of:)`.
    static func words(of command: String) -> [String]? { PlayerCommand.words(of: command) }

    var nowPlaying: String? {
        queue.position.map { Self.playingLine($0.item, index: $0.index, count: $0.count) }
    }

    func play(_ queue: [PreviewItem], report: @escaping @MainActor @Sendable (String) -> Void) -> PreviewPlayback {
        let outcome = self.queue.play(queue) { event in
            let message = Self.message(for: event)
            Task { @MainActor in report(message) }
        }
        if outcome == .noPlayer, let first = queue.first {
            return browser.open(first.url) ? .openedInBrowser : .noPlayer
        }
        return PreviewPlayback(outcome)
    }

    func stop() -> PreviewPlayback {
        queue.stop().map { .stopped(item: $0) } ?? .nothingPlays
    }

    /// What the status line says of what came of a queue later.
    static func message(for event: QueuePlayer<PreviewItem>.Event) -> String {
        switch event {
        case .playing(let position): playingLine(position.item, index: position.index, count: position.count)
        case .nextFailed(let outcome): PreviewPlayback(outcome).message
        case .ended(let player, let ending, let atOnce, let firstLine):
            endMessage(TerminalSanitizer.excerpt(player), ending: ending, atOnce: atOnce, line: firstLine)
        }
    }

    /// `▶ 4Ever — Clairo · x stop`.
    static func playingLine(_ item: PreviewItem, index: Int, count: Int) -> String {
        "▶ \(TerminalSanitizer.excerpt(item.title))" + (count > 1 ? " (\(index + 1) of \(count))" : "")
            + PreviewPlayback.stopHint
    }

    /// `mpv ended at once (status 2): Failed to open …`.
    static func endMessage(_ player: String, ending: SupervisedProcess.Ending, atOnce: Bool, line: String?) -> String {
        let how: String
        switch ending {
        case .exited(0): how = atOnce ? "\(player) ended at once" : "the preview ended"
        case .exited(let status): how = "\(player) \(atOnce ? "failed at once" : "failed") (status \(status))"
        case .signalled(let signal): how = "\(player) was ended by signal \(signal)"
        }
        guard !(ending.isSuccess && !atOnce), let line, !line.trimmingWhitespace().isEmpty else { return how }
        return how + ": " + TerminalSanitizer.excerpt(line, maximumCharacters: 200)
    }
}

extension PreviewItem: Playable {}

extension PreviewPlayback {
    /// The queue player's outcome in the sessions' terms (`noPlayer` before the browser was tried).
    init(_ outcome: QueuePlayer<PreviewItem>.Outcome) {
        switch outcome {
        case .starting(let player, let item, let count): self = .starting(player: player, item: item, count: count)
        case .stopped(let item): self = .stopped(item: item)
        case .refused: self = .refused
        case .missing(let program): self = .chosenPlayerMissing(program: program)
        case .notExecutable(let program): self = .notExecutable(program: program)
        case .cannotStart(let program, let error): self = .cannotStart(program: program, error: error)
        case .unterminatedQuote(let command): self = .unterminatedQuote(command: command)
        case .noPlayer: self = .noPlayer
        }
    }
}
