import Dispatch
import Foundation
import Synchronization

/// Plays queues of addresses with the user's player (`PlayerCommand`), one player at a time.
///
/// Each item of a queue is played by a `SupervisedProcess` of its own (its own session and process
/// group, no terminal, its output's first line kept), the next one started once the previous one
/// has played through. A new queue takes the place of the one that plays, whose player is ended
/// with its whole process group; asking for the queue that plays stops it instead. What is still
/// playing when this process ends goes with `SupervisedProcess.endAll()`. Only http(s) addresses
/// of at most `maximumURLBytes` are played — streamed by the player, never saved here.
///
/// It says what happens as values (`Outcome` at once, `Event` later); wording them is its user's.
///
/// ```swift
/// let player = QueuePlayer<Clip>(command: environment["PLAYER"], searchPath: environment["PATH"] ?? "/bin")
/// let outcome = player.play([first, second]) { event in show(event) }
/// ```
public final class QueuePlayer<Item: Playable>: Sendable {
    /// A player that ends sooner than this after it started did not play: it is said as such
    /// (`Event.ended`'s `atOnce`), and the queue goes no further.
    public static var startingTime: Duration { .milliseconds(300) }
    /// The longest address played (the desktop opener's limit too).
    public static var maximumURLBytes: Int { DesktopOpener.maximumURLBytes }

    /// The user's command line for a player, if any (see `PlayerCommand.resolve`).
    public let command: String?
    /// Where players are looked for (`PATH`).
    public let searchPath: String

    private struct Playback: Sendable {
        let process: SupervisedProcess
        let player: PlayerCommand
        let queue: [Item]
        let index: Int
        let started: ContinuousClock.Instant
        let report: @Sendable (Event) -> Void
        var position: Position { Position(item: queue[index], index: index, count: queue.count) }
    }

    private let current = Mutex<Playback?>(nil)

    /// - Parameters:
    ///   - command: The user's command line for a player; `nil` (or blank) for the first known
    ///     player on `searchPath`.
    ///   - searchPath: Folders separated by `:`.
    public init(command: String?, searchPath: String) {
        self.command = command
        self.searchPath = searchPath
    }

    /// Where the queue that plays is, or `nil` when nothing plays.
    public var position: Position? {
        current.withLock { $0?.position }
    }

    /// Plays `queue` in order, in place of whatever plays now (its player is ended with its whole
    /// group); when exactly that queue plays already, stops it instead.
    /// - Parameters:
    ///   - queue: The items, in the order they play.
    ///   - report: Told later what came of it (`Event`), on another thread.
    /// - Returns: What happened at once.
    public func play(_ queue: [Item], report: @escaping @Sendable (Event) -> Void) -> Outcome {
        guard let first = queue.first, queue.allSatisfy({ Self.isPlayable($0.url) }) else { return .refused }
        let replaced = current.withLock { playback in
            defer { playback = nil }
            return playback
        }
        if let replaced {
            replaced.process.end()
            if replaced.queue == queue { return .stopped(item: replaced.position.item) }
        }
        let player: PlayerCommand
        switch PlayerCommand.resolve(command, searchPath: searchPath) {
        case .player(let found): player = found
        case .missing(let program): return .missing(program: program)
        case .notExecutable(let program): return .notExecutable(program: program)
        case .unterminatedQuote(let command): return .unterminatedQuote(command: command)
        case .none: return .noPlayer
        }
        if let failure = start(player, queue: queue, at: 0, report: report) { return failure }
        return .starting(player: player.name, item: first, count: queue.count)
    }

    /// Stops what plays: its player is ended with its whole group, and nothing more is reported.
    /// - Returns: The item that played, or `nil` when nothing did.
    @discardableResult
    public func stop() -> Item? {
        let stopped = current.withLock { playback in
            defer { playback = nil }
            return playback
        }
        guard let stopped else { return nil }
        stopped.process.end()
        return stopped.position.item
    }

    /// Whether `url` is played: http(s), at most `maximumURLBytes`.
    public static func isPlayable(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.absoluteString.utf8.count <= maximumURLBytes
    }

    /// Starts the item at `index` of `queue` and makes it the current playback.
    /// - Returns: Why it could not start, or `nil`.
    private func start(
        _ player: PlayerCommand, queue: [Item], at index: Int, report: @escaping @Sendable (Event) -> Void
    ) -> Outcome? {
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
        case .failure(.missing): return .missing(program: player.name)
        case .failure(.notExecutable): return .notExecutable(program: player.name)
        case .failure(.refused(let code)): return .cannotStart(program: player.name, error: code)
        }
        // Said as playing only once it has not failed at once.
        let wait = Self.startingTime.components
        let delay = DispatchTimeInterval.milliseconds(
            Int(wait.seconds * 1000 + wait.attoseconds / 1_000_000_000_000_000))
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
            guard
                let position = self?.current.withLock({ playback in
                    playback.flatMap { $0.process === process ? $0.position : nil }
                })
            else { return }
            report(.playing(position))
        }
        return nil
    }

    /// The player ended: says how, or plays the queue's next item. Silent for a playback stopped
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
                ended.report(.nextFailed(failure))
            }
            return
        }
        ended.report(.ended(player: ended.player.name, ending: ending, atOnce: atOnce, firstLine: process.firstLine))
    }
}
