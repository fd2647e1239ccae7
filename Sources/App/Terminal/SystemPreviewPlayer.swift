import Dispatch
import Foundation
import Platform
import Synchronization
import TerminalUI

/// The user's player (`PlayerCommand`), one preview at a time: each clip is played by a
/// `SupervisedProcess` (its own session and process group, no terminal, its output captured,
/// ended with the session however it ends), the clips of a queue one after another. Only
/// http(s) addresses are played, streamed by the player, never saved here (the store's terms).
/// With no player at all, the browser opens the first clip.
final class SystemPreviewPlayer: PreviewPlaying {
    static let variable = "MVSEARCH_PLAYER"
    /// A player that ends sooner than this after it started did not play: it is said as such.
    static let startingTime: Duration = .milliseconds(300)

    /// The user's command line for a player (`MVSEARCH_PLAYER`, or a setting), if any.
    let command: String?
    /// Where players are looked for (`PATH`).
    let searchPath: String
    /// The last resort.
    let browser: any URLOpening

    private struct Playback {
        let process: SupervisedProcess
        let player: PlayerCommand
        let queue: [PreviewItem]
        let index: Int
        let started: ContinuousClock.Instant
        let report: @MainActor @Sendable (String) -> Void
        var item: PreviewItem { queue[index] }
    }

    private let current = Mutex<Playback?>(nil)

    /// The player `MVSEARCH_PLAYER` names, looked for on `PATH`.
    convenience init(environment: [String: String], browser: any URLOpening) {
        self.init(
            command: environment[Self.variable], searchPath: environment["PATH"] ?? "/usr/bin:/bin", browser: browser)
    }

    init(command: String?, searchPath: String, browser: any URLOpening) {
        self.command = command
        self.searchPath = searchPath
        self.browser = browser
    }

    /// See `PlayerCommand.words(of:)`.
    static func words(of command: String) -> [String]? { PlayerCommand.words(of: command) }

    var nowPlaying: String? {
        current.withLock { playback in
            playback.map { Self.playingLine($0.item, index: $0.index, count: $0.queue.count) }
        }
    }

    func play(_ queue: [PreviewItem], report: @escaping @MainActor @Sendable (String) -> Void) -> PreviewPlayback {
        guard let first = queue.first, queue.allSatisfy({ Self.isPlayable($0.url) }) else { return .refused }
        let replaced = current.withLock { playback in
            defer { playback = nil }
            return playback
        }
        if let replaced {
            replaced.process.end()
            if replaced.queue == queue { return .stopped(item: replaced.item) }
        }
        let player: PlayerCommand
        switch PlayerCommand.resolve(command, searchPath: searchPath) {
        case .player(let found): player = found
        case .missing(let program): return .chosenPlayerMissing(program: program)
        case .notExecutable(let program): return .notExecutable(program: program)
        case .unterminatedQuote(let command): return .unterminatedQuote(command: command)
        case .none: return browser.open(first.url) ? .openedInBrowser : .noPlayer
        }
        if let failure = start(player, queue: queue, at: 0, report: report) { return failure }
        return .starting(player: player.name, item: first, count: queue.count)
    }

    func stop() -> PreviewPlayback {
        let stopped = current.withLock { playback in
            defer { playback = nil }
            return playback
        }
        guard let stopped else { return .nothingPlays }
        stopped.process.end()
        return .stopped(item: stopped.item)
    }

    /// Starts the clip at `index` of `queue` and makes it the current playback.
    /// - Returns: Why it could not start, or `nil`.
    private func start(
        _ player: PlayerCommand, queue: [PreviewItem], at index: Int,
        report: @escaping @MainActor @Sendable (String) -> Void
    ) -> PreviewPlayback? {
        // Under the lock, so that a player ending at once finds itself the current playback.
        let started = current.withLock { current -> Result<SupervisedProcess, SupervisedProcess.Failure> in
            let started = Result { () throws(SupervisedProcess.Failure) in
                try SupervisedProcess.start(
                    player.path, arguments: player.options + [queue[index].url.absoluteString]
                ) { [weak self] ended in self?.didEnd(ended) }
            }
            if case .success(let process) = started {
                current = Playback(
                    process: process, player: player, queue: queue, index: index, started: .now, report: report)
            }
            return started
        }
        let process: SupervisedProcess
        switch started {
        case .success(let started): process = started
        case .failure(.missing): return .chosenPlayerMissing(program: player.name)
        case .failure(.notExecutable): return .notExecutable(program: player.name)
        case .failure(.refused(let code)): return .cannotStart(program: player.name, error: code)
        }
        // Said as playing only once it has not failed at once.
        let wait = Self.startingTime.components
        let delay = DispatchTimeInterval.milliseconds(
            Int(wait.seconds * 1000 + wait.attoseconds / 1_000_000_000_000_000))
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
            guard
                let line = self?.current.withLock({ playback in
                    playback.flatMap {
                        $0.process === process ? Self.playingLine($0.item, index: index, count: queue.count) : nil
                    }
                })
            else { return }
            Task { @MainActor in report(line) }
        }
        return nil
    }

    /// The player ended: says how, or plays the queue's next clip. Silent for a playback stopped
    /// or replaced here.
    private func didEnd(_ process: SupervisedProcess) {
        let ended = current.withLock { playback -> Playback? in
            guard let ended = playback, ended.process === process, !process.wasEnded else { return nil }
            playback = nil
            return ended
        }
        guard let ended, let ending = process.ending else { return }
        let atOnce = ContinuousClock.now - ended.started < Self.startingTime
        let next = ended.index + 1
        if ending.isSuccess && !atOnce && next < ended.queue.count {
            if let failure = start(ended.player, queue: ended.queue, at: next, report: ended.report) {
                Task { @MainActor in ended.report(failure.message) }
            }
            return
        }
        let message = Self.endMessage(
            TerminalSanitizer.excerpt(ended.player.name), ending: ending, atOnce: atOnce, line: process.firstLine)
        Task { @MainActor in ended.report(message) }
    }

    /// `▶ 4Ever — Clairo · x stop`.
    static func playingLine(_ item: PreviewItem, index: Int, count: Int) -> String {
        "▶ \(TerminalSanitizer.excerpt(item.title))" + (count > 1 ? " (\(index + 1) of \(count))" : "")
            + " · \(PreviewPlayback.stopKey) stop"
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

    private static func isPlayable(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.absoluteString.utf8.count <= SystemBrowser.maximumURLBytes
    }
}
