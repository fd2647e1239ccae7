import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal in full-screen mode: raw input (no echo, no line editing, no signals from
/// keys), the alternate screen, bracketed paste, no autowrap (a line never wraps even if a width
/// were misjudged). `leave()` restores exactly what was there — the saved modes, the main screen
/// and its cursor — and is safe from any thread, any number of times (signal handlers call it).
public final class RawTerminal: @unchecked Sendable {
    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?7l\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    private static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l\u{1B}[?1049l"

    public let input: Int32
    public let output: Int32
    private let lock = Mutex(())
    private let original: termios
    private var isActive = false

    /// - Returns: `nil` when `input` is not a terminal.
    public init?(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        var modes = termios()
        guard isatty(input) == 1, isatty(output) == 1, tcgetattr(input, &modes) == 0 else { return nil }
        self.input = input
        self.output = output
        original = modes
    }

    /// The terminal's size, in columns and rows.
    public var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
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
    /// modes back, and the screen is drawn whole next anyway.
    /// - Returns: `false` when the terminal refused (the caller falls back or ends).
    public func enter() -> Bool {
        lock.withLock { _ in
            var raw = original
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            raw.c_cflag |= tcflag_t(CS8)
            withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                bytes[Int(VMIN)] = 1
                bytes[Int(VTIME)] = 0
            }
            guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { return false }
            isActive = true
            guard writeLocked(Array(Self.enterSequence.utf8)) else {
                leaveLocked()
                return false
            }
            return true
        }
    }

    /// Back to the main screen and the modes saved at the start.
    public func leave() {
        lock.withLock { _ in leaveLocked() }
    }

    public var isEntered: Bool { lock.withLock { _ in isActive } }

    /// Writes a frame's bytes, whole; nothing once the terminal has been left.
    /// - Returns: `false` when the write failed (the terminal is gone).
    public func write(_ bytes: [UInt8]) -> Bool {
        lock.withLock { _ in isActive ? writeLocked(bytes) : true }
    }

    private func leaveLocked() {
        guard isActive else { return }
        isActive = false
        _ = writeLocked(Array(Self.leaveSequence.utf8))
        var modes = original
        _ = tcsetattr(input, TCSADRAIN, &modes)
    }

    private func writeLocked(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(output, buffer.baseAddress, buffer.count)
                #else
                    Darwin.write(output, buffer.baseAddress, buffer.count)
                #endif
            }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
