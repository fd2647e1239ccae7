import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program started for the user that this process keeps charge of — a media player — unlike a
/// `DetachedProcess`, which is left to run on its own.
///
/// It is started directly (never through a shell), in a session and so a process group of its
/// own with no controlling terminal: it cannot open `/dev/tty`, cannot draw over the screen or
/// switch it off the alternate screen, and neither Ctrl-C nor a hangup reaches it. Its standard
/// input is `/dev/null`; its standard output and error go to one pipe read here, whose first
/// line is kept (a player's reason for failing) and the rest drained. Nothing else of ours is
/// inherited: no other descriptor, every signal at its default and none blocked.
///
/// `end()` ends its whole process group (a child it started too); `endAll()` ends every one
/// still running, for the ways this process ends.
public final class SupervisedProcess: Sendable {
    /// Why a program could not be started.
    public enum Failure: Error, Equatable, Sendable {
        /// No file at that path.
        case missing
        /// The file is there but may not be run.
        case notExecutable
        /// The system refused for another reason (the `errno`).
        case refused(Int32)
    }

    /// How the program ended.
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// Whether it exited with 0.
        public var isSuccess: Bool { self == .exited(0) }
    }

    /// Its process id, which is also its process group's and session's.
    public let id: Int32
    private let ended = DispatchSemaphore(value: 0)
    private let state = Mutex(State())

    private struct State {
        var firstLine: [UInt8]?
        var endRequested = false
        var ending: Ending?
    }

    private init(id: Int32) {
        self.id = id
    }

    /// How long `endAll()` lets the programs end on SIGTERM before it kills their groups.
    public static let endingGrace: DispatchTimeInterval = .milliseconds(200)
    /// The longest first line kept, in bytes.
    public static let maximumLineBytes = 400

    /// Every program started here that has not been reaped, and the groups of those whose
    /// leader ended by request while others of their group may still run.
    private static let running = Mutex<[Int32: SupervisedProcess]>([:])
    /// Held for the whole of `endAll()`: a second caller (the signal handler's exit racing the
    /// session's own) waits until the first has killed what was left, instead of finding nothing
    /// to end and letting the process exit before the kill is sent.
    private static let ending = Mutex(())

    /// The first line the program wrote (sanitising it for a terminal is the caller's), if any
    /// yet. Complete once `whenEnded` has been called.
    public var firstLine: String? {
        state.withLock { $0.firstLine.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether `end()` was called.
    public var wasEnded: Bool { state.withLock { $0.endRequested } }

    /// How it ended, once it has.
    public var ending: Ending? { state.withLock { $0.ending } }

    /// Starts the program at `path` with `arguments`.
    /// - Parameters:
    ///   - path: The program's path.
    ///   - arguments: Its arguments (not its name).
    ///   - whenEnded: Called once, on another thread, when it has ended and its first line (if
    ///     it wrote one before ending) has been read.
    /// - Returns: The running program.
    /// - Throws: `Failure` when it could not be started.
    public static func start(
        _ path: String, arguments: [String], whenEnded: @escaping @Sendable (SupervisedProcess) -> Void
    ) throws(Failure) -> SupervisedProcess {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw .refused(errno) }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let spawned = SpawnRequest(path: path, arguments: arguments, output: writeEnd).spawn()
        close(writeEnd)
        let child: pid_t
        switch spawned {
        case .success(let id): child = id
        case .failure(let failure):
            close(readEnd)
            throw failure
        }
        let process = SupervisedProcess(id: child)
        running.withLock { $0[child] = process }
        let lineRead = DispatchSemaphore(value: 0)
        let reading = DetachedThread.start { process.readOutput(from: readEnd, lineRead: lineRead) }
        if !reading {
            close(readEnd)
            lineRead.signal()
        }
        DetachedThread.start {
            let ending = waitForEnd(of: child)
            // A line written just before exiting is in the pipe already: give the reader a moment.
            _ = lineRead.wait(timeout: .now() + .milliseconds(250))
            let endRequested = process.state.withLock { state in
                state.ending = ending
                return state.endRequested
            }
            // Asked to end: whatever it left in its group goes too. Else the group stays listed
            // while some member of it runs, for `endAll()`.
            if endRequested { kill(-child, SIGKILL) }
            if endRequested || kill(-child, 0) != 0 { _ = running.withLock { $0.removeValue(forKey: child) } }
            process.ended.signal()
            whenEnded(process)
        }
        return process
    }

    /// Ends the program and its process group: SIGTERM (and SIGCONT, should it be stopped), then
    /// SIGKILL to whatever of the group is left after `endingGrace`. Returns at once.
    public func end() {
        let (first, hasEnded) = state.withLock { state in
            defer { state.endRequested = true }
            return (!state.endRequested, state.ending != nil)
        }
        guard first else { return }
        guard !hasEnded else {
            // Its leader is gone; what it left in its group goes now.
            kill(-id, SIGKILL)
            _ = Self.running.withLock { $0.removeValue(forKey: id) }
            return
        }
        kill(-id, SIGTERM)
        kill(-id, SIGCONT)
        let group = id
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.endingGrace) { [weak self] in
            if self?.ending == nil { kill(-group, SIGKILL) }
        }
    }

    /// Ends every program started here and their groups, waiting at most `endingGrace` for them
    /// to end on SIGTERM before killing what is left: for the ways this process ends.
    public static func endAll() {
        ending.withLock { _ in endRunning() }
    }

    /// SIGTERM to every running program's group, at most `endingGrace` for them to end, then
    /// SIGKILL to what is left of each group.
    private static func endRunning() {
        let all = running.withLock { running in
            defer { running.removeAll() }
            return Array(running.values)
        }
        guard !all.isEmpty else { return }
        for process in all {
            process.state.withLock { $0.endRequested = true }
            kill(-process.id, SIGTERM)
            kill(-process.id, SIGCONT)
        }
        let deadline = DispatchTime.now() + endingGrace
        for process in all where process.ending == nil {
            _ = process.ended.wait(timeout: deadline)
        }
        for process in all { kill(-process.id, SIGKILL) }
    }

    /// Keeps the first non-empty line of what the program writes and drains the rest, so that it
    /// never blocks on a full pipe.
    private func readOutput(from descriptor: Int32, lineRead: DispatchSemaphore) {
        var line: [UInt8] = []
        var hasLine = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            guard !hasLine else { continue }
            for byte in buffer[..<count] {
                if byte == 0x0A || byte == 0x0D {
                    if !line.isEmpty {
                        hasLine = true
                        break
                    }
                } else if line.count < Self.maximumLineBytes {
                    line.append(byte)
                }
            }
            if hasLine {
                state.withLock { $0.firstLine = line }
                lineRead.signal()
            }
        }
        close(descriptor)
        if !hasLine {
            if !line.isEmpty { state.withLock { $0.firstLine = line } }
            lineRead.signal()
        }
    }

    private static func waitForEnd(of child: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
