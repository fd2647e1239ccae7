import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `mvsearch` on a pseudo-terminal, as a person at a terminal runs it: stdin and stdout
/// are the terminal (stderr a pipe of its own). Keys go in as the bytes a terminal sends; what it
/// writes is collected, and waited on by condition, never by sleeping.
final class PseudoTerminal: @unchecked Sendable {
    let process: Process
    private let primary: Int32
    /// Kept open to read the terminal's modes, as the shell would after the program ends.
    let secondary: Int32
    /// The terminal's modes before the program started (read after it starts, they could
    /// already be the program's raw mode).
    let modesBefore: [UInt8]
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    /// Set by `hangUp`: `primary` is closed, and its number may be another file's by now.
    private var isHungUp = false
    /// The terminal's session as `hangUp` found it, for `sessionGroup` once it cannot be asked.
    private var sessionAtHangUp: pid_t = -1
    private let errors: Pipe?
    /// When set, reading stops for good once what was written satisfies it: the terminal then
    /// takes nothing more, as a stalled link or a frozen emulator.
    private let stopsReadingWhen: (@Sendable (String) -> Bool)?

    /// - Parameters:
    ///   - executable: `mvsearch`, unless another program runs it (a job-control shell).
    ///   - errorsOnTerminal: Standard error goes to the terminal too (else to a pipe of its own).
    ///   - stopsReadingWhen: Stop reading the terminal once its output satisfies this.
    init(
        _ arguments: [String], environment: [String: String], columns: UInt16 = 100, rows: UInt16 = 30,
        executable: URL = MVSearchProcess.executableURL, errorsOnTerminal: Bool = false,
        stopsReadingWhen: (@Sendable (String) -> Bool)? = nil
    ) throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
        self.primary = primary
        self.secondary = secondary
        modesBefore = Self.modes(of: secondary)
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
        let errors = errorsOnTerminal ? nil : Pipe()
        self.errors = errors
        self.stopsReadingWhen = stopsReadingWhen
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = errors ?? terminal
        try process.run()
        Thread.detachNewThread { [self] in collect() }
    }

    deinit {
        killEverything()  // even when stopped
        close(secondary)
    }

    /// Everything written to the terminal so far.
    var output: String {
        condition.withLock { String(decoding: bytes, as: UTF8.self) }
    }

    /// Types bytes as the terminal would send them, every one of them (a write may take only part).
    func send(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                Issue.record("the terminal took \(offset) of \(bytes.count) bytes", sourceLocation: sourceLocation)
                return
            }
            offset += written
        }
    }

    /// Blocks until what was written satisfies `predicate`, or `timeout` passes. The default is
    /// generous (it is only reached when a test fails): a loaded machine can take many seconds to
    /// start the binary and draw its first frame.
    func wait(timeout: TimeInterval = 60, until predicate: (String) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(String(decoding: bytes, as: UTF8.self)) {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    /// A new window size, and the SIGWINCH a terminal emulator's resize sends.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
        kill(process.processIdentifier, SIGWINCH)
    }

    /// Blocks until the process has stopped (Ctrl-Z), or `timeout` passes; the stop is left
    /// for the shell (here, the test) to see and the exit status untouched.
    func waitUntilStopped(timeout: TimeInterval = 60) -> Bool {
        let stopped = DispatchSemaphore(value: 0)
        let pid = process.processIdentifier
        Thread.detachNewThread {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WSTOPPED | WNOWAIT) == 0 { stopped.signal() }
        }
        return stopped.wait(timeout: .now() + timeout) == .success
    }

    /// Waits for the exit. Past `timeout`, ends what runs on the terminal with SIGKILL (which
    /// ends it even when stopped): the process, and the session the terminal is the controlling
    /// terminal of — mvsearch itself when a wrapper started it in a session of its own (`picker`),
    /// which killing the wrapper alone would leave running, its stderr open and this wait hung.
    /// - Returns: The exit status (-1 when it had to be ended) and what went to stderr, which then
    ///   ends with a line saying what was ended, so the test's failure shows it.
    func finish(timeout: TimeInterval = 60) -> (status: Int32, stderr: String) {
        var ended: String?
        if !process.waitUntilExit(timeout: timeout, thenSending: nil) {
            let group = killEverything()
            process.waitUntilExit(timeout: 30)
            ended =
                "PseudoTerminal: still running after \(Int(timeout)) s, ended with SIGKILL: process "
                + "\(process.processIdentifier)" + (group.map { " and the terminal's process group \($0)" } ?? "")
            print(ended ?? "")
        }
        let stderr = String(decoding: errors?.fileHandleForReading.availableData ?? Data(), as: UTF8.self)
        guard let ended else { return (process.terminationStatus, stderr) }
        return (-1, stderr + (stderr.isEmpty || stderr.hasSuffix("\n") ? "" : "\n") + ended + "\n")
    }

    /// The process group of the session this terminal is the controlling terminal of (its leader
    /// is the process that made it so: mvsearch, under `picker`'s wrapper); `nil` when the
    /// terminal is no session's, is hung up, or the session is the test's own.
    var sessionGroup: pid_t? {
        condition.withLock {
            // Asked of the primary side, which any process holding it may ask.
            let session = isHungUp ? sessionAtHangUp : tcgetsid(primary)
            // Still a session's leader (not a number used again), and never the test's own.
            guard session > 1, getsid(session) == session, session != getsid(0), session != getpgrp() else {
                return nil
            }
            return session
        }
    }

    /// Sends SIGKILL to the terminal's session's process group and to the process, where running.
    /// - Returns: The process group signalled, if any.
    @discardableResult
    private func killEverything() -> pid_t? {
        let group = sessionGroup
        if let group { kill(-group, SIGKILL) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        return group
    }

    /// Closes the terminal's other end, as a dropped ssh link or a closed window does: the program
    /// then reads the end of input (or EIO) and its writes fail. Only once reading has stopped
    /// (`stopsReadingWhen`): a read in progress would keep the end open.
    func hangUp() {
        condition.withLock {
            sessionAtHangUp = tcgetsid(primary)
            isHungUp = true
            close(primary)
        }
    }

    /// The terminal's modes, to compare before and after.
    static func modes(of fileDescriptor: Int32) -> [UInt8] {
        var modes = termios()
        _ = tcgetattr(fileDescriptor, &modes)
        return withUnsafeBytes(of: &modes) { Array($0) }
    }

    private func collect() {
        // Small reads when reading is to stop: little is taken past the point it stops at.
        var buffer = [UInt8](repeating: 0, count: stopsReadingWhen == nil ? 65_536 : 1024)
        while true {
            let count = read(primary, &buffer, buffer.count)
            if count > 0 {
                let stops = condition.withLock {
                    bytes.append(contentsOf: buffer[0..<count])
                    condition.broadcast()
                    return stopsReadingWhen?(String(decoding: bytes, as: UTF8.self)) ?? false
                }
                if stops { return }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
    }
}
