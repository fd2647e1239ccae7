import Dispatch
import Foundation
import Mocks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A started program talked to while it runs: its stdout and stderr read line by line as they
/// come (a server's "serving" line, a protocol's answers), its stdin open until closed, signals
/// sent to it, and its exit awaited with a deadline. Every wait is bounded.
final class LiveProcess: @unchecked Sendable {
    let process: Process
    private let input: FileHandle
    private let output: LineReader
    private let errors: LineReader

    /// Starts `executable` (the built `mvsearch` unless told) with a clean environment.
    init(
        _ arguments: [String], environment: [String: String] = MVSearchProcess.environment(),
        executable: URL = MVSearchProcess.executableURL
    ) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        input = stdin.fileHandleForWriting
        output = LineReader(stdout.fileHandleForReading)
        errors = LineReader(stderr.fileHandleForReading)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var pid: Int32 { process.processIdentifier }

    /// Writes `text` to the program's stdin as it is.
    func write(_ text: String) throws {
        try input.write(contentsOf: Data(text.utf8))
    }

    /// Closes stdin: the end of input.
    func closeInput() {
        try? input.close()
    }

    /// The next line on stdout (without its newline), or `nil` at its end or after `timeout`.
    func nextLine(timeout: TimeInterval = 60) async -> String? {
        await nextTimedLine(timeout: timeout)?.line
    }

    /// The next line on stdout with when it was read: a time taken by the reading thread, which
    /// never waits for the cooperative pool as the awaiting test may.
    func nextTimedLine(timeout: TimeInterval = 60) async -> (line: String, arrived: ContinuousClock.Instant)? {
        await MVSearchProcess.offPool { self.output.next(timeout: timeout) }
    }

    /// The first line on stderr that `matches`, waiting for it at most `timeout`.
    func errorLine(timeout: TimeInterval = 60, where matches: @escaping @Sendable (String) -> Bool) async -> String? {
        await MVSearchProcess.offPool { self.errors.first(where: matches, timeout: timeout) }
    }

    /// Everything written on stderr so far.
    var errorText: String { errors.all }

    /// Sends a signal.
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// The exit status, once it exits; `nil` (and the process killed) after `timeout`.
    func exitStatus(timeout: TimeInterval = 60) async -> Int32? {
        await timedExit(timeout: timeout)?.status
    }

    /// The exit status and when the exit was seen, by a thread of its own (never late for want of
    /// a thread in the cooperative pool, as the awaiting test may be); `nil` (and the process
    /// killed) after `timeout`.
    func timedExit(timeout: TimeInterval = 60) async -> (status: Int32, ended: ContinuousClock.Instant)? {
        let process = process
        return await MVSearchProcess.offPool {
            guard process.waitUntilExit(timeout: timeout) else { return nil }
            return (process.terminationStatus, ContinuousClock.now)
        }
    }
}

/// Reads a descriptor to its end on a thread of its own and hands out its lines as they come.
private final class LineReader: @unchecked Sendable {
    private struct State {
        var lines: [String] = []
        /// When each line was read.
        var arrivals: [ContinuousClock.Instant] = []
        var partial = Data()
        var consumed = 0
        var ended = false
    }

    private let state = Locked(State())
    private let arrived = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(handle.fileDescriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let now = ContinuousClock.now
                state.withLock { state in
                    state.partial.append(contentsOf: buffer[0..<count])
                    while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                        state.lines.append(String(decoding: state.partial[..<newline], as: UTF8.self))
                        state.arrivals.append(now)
                        state.partial = Data(state.partial[(newline + 1)...])
                    }
                }
                arrived.signal()
            }
            state.withLock { state in
                if !state.partial.isEmpty {
                    state.lines.append(String(decoding: state.partial, as: UTF8.self))
                    state.arrivals.append(.now)
                }
                state.ended = true
            }
            arrived.signal()
        }
    }

    var all: String {
        state.withLock { state in
            state.lines.map { $0 + "\n" }.joined() + String(decoding: state.partial, as: UTF8.self)
        }
    }

    /// The next line not handed out yet, and when it was read.
    func next(timeout: TimeInterval) -> (line: String, arrived: ContinuousClock.Instant)? {
        let deadline = DispatchTime.now() + timeout
        while true {
            let (line, ended) = state.withLock { state -> ((String, ContinuousClock.Instant)?, Bool) in
                guard state.consumed < state.lines.count else { return (nil, state.ended) }
                state.consumed += 1
                return ((state.lines[state.consumed - 1], state.arrivals[state.consumed - 1]), false)
            }
            if let line { return line }
            if ended { return nil }
            guard arrived.wait(timeout: deadline) == .success else { return nil }
        }
    }

    /// The first line so far or to come that `matches`.
    func first(where matches: (String) -> Bool, timeout: TimeInterval) -> String? {
        let deadline = DispatchTime.now() + timeout
        while true {
            let (lines, ended) = state.withLock { ($0.lines, $0.ended) }
            if let line = lines.first(where: matches) { return line }
            if ended { return nil }
            guard arrived.wait(timeout: deadline) == .success else { return nil }
        }
    }
}
