import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal in full-screen mode: raw input (no echo, no line editing, no signals from
/// keys), the alternate screen, bracketed paste, no autowrap (a line never wraps even if a width
/// were misjudged), and mouse reports when asked for. `leave()` restores exactly what was there —
/// the saved modes, the mouse to the terminal, the main screen and its cursor — and is safe from
/// any thread, any number of times (signal handlers call it).
///
/// A terminal that stops reading (a stalled ssh link, a frozen emulator) never holds the program:
/// output goes through a non-blocking descriptor of its own, every write waits a bounded time
/// (`stallLimit` without progress, then the rest of the frame is dropped and reported as
/// `.stalled`), and `leave()` first tells a write in progress to give up, so it waits at most a
/// poll slice for it and `leaveLimit` for the terminal to take the restoring sequence. Modes are
/// set with `TCSANOW`: `TCSADRAIN` and `TCSAFLUSH` wait, without limit, for the terminal to
/// take all pending output.
public final class RawTerminal: Sendable {
    /// What became of a write.
    public enum WriteOutcome: Sendable, Equatable {
        /// All of it was written (or nothing needed to be: the terminal has been left).
        case written
        /// The terminal took nothing for `stallLimit` (or the terminal is being left): the rest
        /// was dropped, so what it shows is unknown and the next frame should be drawn whole.
        case stalled
        /// The terminal is gone (hung up, closed, an I/O error).
        case failed
    }

    /// How long a write waits for a terminal that takes nothing before it drops the rest.
    public static let stallLimit: Duration = .seconds(2)
    /// How long `leave()` waits for the terminal to take the sequence that restores its screen.
    public static let leaveLimit: Duration = .milliseconds(250)
    /// How often a waiting write looks whether it should give up.
    private static let pollSliceMilliseconds: Int32 = 20

    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?7l\u{1B}[?25l"
    private static let clearSequence = "\u{1B}[H\u{1B}[2J"
    private static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"
    /// Button presses and releases and the wheel (1000), reported in the SGR form (1006: any
    /// column, and which button came up).
    static let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOffSequence = "\u{1B}[?1006l\u{1B}[?1000l"

    /// The terminal entered last and not left yet, for `leaveEntered()`; closed for good once the
    /// process is ending, so no terminal is entered after.
    private static let entered = Mutex<(terminal: RawTerminal?, isClosed: Bool)>((nil, false))

    private struct State {
        var isActive = false
        /// The output's file status flags before `O_NONBLOCK` was added to them, when the
        /// terminal could not be opened again for a description of its own.
        var sharedFlags: Int32?
        /// Written first on the way out, whichever it is (a key, a signal): what takes pictures
        /// off a terminal that keeps them apart from the text.
        var removal: [UInt8] = []
        /// What a write cut short left open (a string, a sequence, a character: `CutOutput`),
        /// written before anything else.
        var unfinished: [UInt8] = []
    }

    public let input: Int32
    public let output: Int32
    /// Whether the terminal reports the mouse while entered: then it is not the terminal's to
    /// select text with (Shift and a drag still selects in most terminals).
    public let reportsMouse: Bool
    /// Where frames are written: the terminal opened again, non-blocking (a file description of
    /// its own, so the flag never reaches the shell that shares `output`), else `output`.
    private let writer: Int32
    /// Closed with the terminal: a descriptor opened for it (`/dev/tty`), not one it borrows.
    private let owned: Int32?
    private let original: termios
    private let state = Mutex(State())
    /// Set by `leave()` so that a write waiting on the terminal gives up at once.
    private let isLeaving = Atomic<Bool>(false)

    /// - Parameter reportsMouse: Ask the terminal for mouse reports while entered (decoded as
    ///   `Key.mouse`); they are turned off again on every way out, as the other modes are.
    /// - Returns: `nil` when `input` is not a terminal.
    public convenience init?(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, reportsMouse: Bool = false) {
        self.init(input: input, output: output, reportsMouse: reportsMouse, owning: nil)
    }

    /// The terminal on a descriptor opened for it (`/dev/tty`, for both input and output), which
    /// it keeps open as long as it lives and closes then — also when it is no terminal.
    /// - Parameters:
    ///   - descriptor: Opened for reading and writing; the terminal's from now on.
    ///   - reportsMouse: As for `init(input:output:reportsMouse:)`.
    public convenience init?(owning descriptor: Int32, reportsMouse: Bool = false) {
        guard isatty(descriptor) == 1 else {
            close(descriptor)
            return nil
        }
        self.init(input: descriptor, output: descriptor, reportsMouse: reportsMouse, owning: descriptor)
    }

    private init?(input: Int32, output: Int32, reportsMouse: Bool, owning owned: Int32?) {
        var modes = termios()
        guard isatty(input) == 1, isatty(output) == 1, tcgetattr(input, &modes) == 0 else {
            if let owned { close(owned) }
            return nil
        }
        self.owned = owned
        self.input = input
        self.output = output
        self.reportsMouse = reportsMouse
        original = modes
        writer = Self.openOwnDescription(of: output) ?? output
    }

    deinit {
        if writer != output { close(writer) }
        if let owned { close(owned) }
    }

    /// Leaves whichever terminal is entered, never blocking on it: for a signal or exit path that
    /// ends the process while the program may be stuck writing a frame.
    /// - Parameter forGood: No terminal is entered from now on (`enter()` refuses): the process is
    ///   ending, and one being entered on another thread this moment is left as soon as it is.
    /// - Returns: Whether a terminal was entered (and is now left).
    @discardableResult
    public static func leaveEntered(forGood: Bool = false) -> Bool {
        let terminal = entered.withLock { entered in
            if forGood { entered.isClosed = true }
            return entered.terminal
        }
        guard let terminal else { return false }
        terminal.leave()
        return true
    }

    /// Whether this process may take the terminal: its process group is the terminal's foreground
    /// group, or job control does not apply (the terminal is not this process's controlling one).
    /// In the background (started with `&`, or `bg` after Ctrl-Z) setting the modes would take the
    /// terminal from the shell: the kernel stops a program that tries with SIGTTOU, but not when the
    /// calling thread blocks that signal, as the concurrency runtime's threads do.
    public var isForeground: Bool {
        let group = tcgetpgrp(input)
        return group < 0 || group == getpgrp()
    }

    /// Raw mode and the alternate screen. Entered already, both are set again: after a stop the
    /// session did not make (SIGSTOP from another process, then `fg`) the shell has put its own
    /// modes back, and the screen is drawn whole next anyway. Keys typed before are discarded.
    /// - Returns: `false` when the terminal refused or took nothing (the caller falls back or ends).
    public func enter() -> Bool {
        isLeaving.store(false, ordering: .sequentiallyConsistent)
        // Known as entered before the modes change, so that a signal's handler leaving for good
        // finds it (and waits for the change, then undoes it) or has closed entering already.
        guard
            Self.entered.withLock({ entered -> Bool in
                if !entered.isClosed { entered.terminal = self }
                return !entered.isClosed
            })
        else { return false }
        let isEntered = state.withLock { state -> Bool in
            guard !Self.entered.withLock({ $0.isClosed }) else { return false }
            var raw = original
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            raw.c_cflag |= tcflag_t(CS8)
            withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                bytes[Int(VMIN)] = 1
                bytes[Int(VTIME)] = 0
            }
            guard tcsetattr(input, TCSANOW, &raw) == 0 else { return false }
            _ = tcflush(input, TCIFLUSH)
            state.isActive = true
            if writer == output, state.sharedFlags == nil {
                let flags = fcntl(output, F_GETFL)
                if flags >= 0, fcntl(output, F_SETFL, flags | O_NONBLOCK) == 0 { state.sharedFlags = flags }
            }
            let sequence = Self.enterSequence + (reportsMouse ? Self.mouseOnSequence : "") + Self.clearSequence
            guard send(Array(sequence.utf8), waitingAtMost: Self.stallLimit, state: &state) == .written else {
                leaveLocked(&state)
                return false
            }
            return true
        }
        if !isEntered {
            Self.entered.withLock { entered in
                if entered.terminal === self { entered.terminal = nil }
            }
        }
        return isEntered
    }

    /// Back to the main screen and the modes saved at the start. A write in progress gives up
    /// first; the restoring sequence is waited for at most `leaveLimit`.
    public func leave() {
        isLeaving.store(true, ordering: .sequentiallyConsistent)
        state.withLock { leaveLocked(&$0) }
        Self.entered.withLock { entered in
            if entered.terminal === self { entered.terminal = nil }
        }
    }

    public var isEntered: Bool { state.withLock { $0.isActive } }

    /// Sets what is written first whenever the terminal is left — by the program or by a
    /// signal's handler (`leaveEntered()`) — as kitty needs its pictures deleted, or keeps them in
    /// its memory after the program has gone.
    /// - Parameter bytes: The removing sequence; empty for none.
    public func removesOnLeaving(_ bytes: [UInt8]) {
        state.withLock { $0.removal = bytes }
    }

    /// Writes a frame's bytes; nothing once the terminal has been left. A partial write is
    /// continued; a terminal that takes nothing for `stallLimit` has the rest dropped.
    public func write(_ bytes: [UInt8]) -> WriteOutcome {
        state.withLock { state in
            state.isActive ? send(bytes, waitingAtMost: Self.stallLimit, state: &state) : .written
        }
    }

    private func leaveLocked(_ state: inout State) {
        guard state.isActive else { return }
        state.isActive = false
        isLeaving.store(false, ordering: .sequentiallyConsistent)
        // The mouse first: a report sent after the main screen is back would be typed into the shell.
        let sequence = (reportsMouse ? Self.mouseOffSequence : "") + Self.leaveSequence
        _ = send(state.removal + Array(sequence.utf8), waitingAtMost: Self.leaveLimit, state: &state)
        var modes = original
        _ = tcsetattr(input, TCSANOW, &modes)
        if let flags = state.sharedFlags {
            _ = fcntl(output, F_SETFL, flags)
            state.sharedFlags = nil
        }
    }

    /// Writes what an earlier write cut short left open, then `bytes`; cut short again, notes what
    /// that leaves open for the next write (the terminal is left with one, too).
    private func send(_ bytes: [UInt8], waitingAtMost limit: Duration, state: inout State) -> WriteOutcome {
        let closing = state.unfinished
        let (outcome, written) = send(closing + bytes, waitingAtMost: limit)
        if outcome == .stalled {
            state.unfinished =
                written < closing.count
                ? Array(closing[written...]) : CutOutput.terminator(after: bytes.prefix(written - closing.count))
        } else {
            state.unfinished = []
        }
        return outcome
    }

    /// Writes everything, continuing partial writes; while the terminal takes nothing, waits in
    /// `poll` slices, giving up when `limit` passes without progress or when `leave()` is called.
    /// - Returns: What became of it, and how many bytes the terminal took.
    private func send(_ bytes: [UInt8], waitingAtMost limit: Duration) -> (WriteOutcome, Int) {
        let clock = ContinuousClock()
        var deadline = clock.now + limit
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                systemWrite(writer, buffer.baseAddress, buffer.count)
            }
            if written > 0 {
                offset += written
                deadline = clock.now + limit
                continue
            }
            guard written < 0 else { return (.failed, offset) }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                let left = deadline - clock.now
                guard left > .zero, !isLeaving.load(ordering: .sequentiallyConsistent) else {
                    return (.stalled, offset)
                }
                let (seconds, attoseconds) = left.components
                let milliseconds = min(
                    Int64(Self.pollSliceMilliseconds), seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
                var descriptor = pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, Int32(milliseconds))
            default:
                return (.failed, offset)
            }
        }
        return (.written, offset)
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#else
    private let systemWrite = Darwin.write
#endif
