import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output that can tell, once everything is written, whether something was lost.
public protocol CheckedOutput: Sendable {
    /// Why a write failed, e.g. `no space left on device`; `nil` when nothing was lost, or
    /// when the reader went away (`EPIPE`), which is not an error.
    var failure: String? { get }
    /// Whether writing has stopped: it failed, or the reader went away.
    var isStopped: Bool { get }
}

/// Writes to a file descriptor with `write(2)`, whole text at once. When the reader has gone
/// (`EPIPE`, e.g. `program | head -1`) it stops quietly: the rest is not wanted. Any other
/// failure (`ENOSPC` from `> /dev/full`, `EIO`, a descriptor that was closed) stops it too, and
/// is kept in `failure` so the program can say so (and exit 74, `EX_IOERR`). A non-blocking descriptor that is full
/// (`EAGAIN`) is waited on with `poll(2)`, as a blocking one would be.
public final class FileDescriptorOutput: TextOutput, CheckedOutput, Sendable {
    private struct State {
        var isClosed = false
        var failure: String?
    }

    private let fileDescriptor: Int32
    private let state = Mutex(State())
    /// The reason given for every failure when the descriptor was closed before the run began.
    private let closedReason: String?

    /// - Parameters:
    ///   - fileDescriptor: Where to write.
    ///   - closedReason: Set when the descriptor was found closed at start (and `/dev/null`,
    ///     opened read-only, holds its place): the reason a write fails.
    public init(fileDescriptor: Int32, closedReason: String? = nil) {
        self.fileDescriptor = fileDescriptor
        self.closedReason = closedReason
    }

    /// Why a write failed, e.g. `no space left on device`; `nil` when nothing was lost, or when
    /// the reader went away (`EPIPE`).
    public var failure: String? { state.withLock { $0.failure } }

    /// Whether writing has stopped: it failed, or the reader went away.
    public var isStopped: Bool { state.withLock { $0.isClosed } }

    /// Writes the whole text, or stops writing (see the type's description).
    /// - Parameter text: The text, with its own line breaks.
    public func write(_ text: String) {
        state.withLock { state in
            guard !state.isClosed else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { buffer in
                    #if canImport(Glibc)
                        Glibc.write(fileDescriptor, buffer.baseAddress, buffer.count)
                    #else
                        Darwin.write(fileDescriptor, buffer.baseAddress, buffer.count)
                    #endif
                }
                if written > 0 {
                    bytes = bytes.dropFirst(written)
                    continue
                }
                let code = written < 0 ? errno : EIO
                if code == EINTR { continue }
                // A descriptor its reader made non-blocking (`O_NONBLOCK` on a shared pipe): wait until
                // it takes more, as a blocking write would. A signal still ends the run (its handler
                // exits within a second whatever this thread waits for).
                if code == EAGAIN || code == EWOULDBLOCK, Self.waitUntilReady(fileDescriptor, for: Int16(POLLOUT)) {
                    continue
                }
                state.isClosed = true
                if code != EPIPE { state.failure = closedReason ?? Self.describe(code) }
                return
            }
        }
    }

    /// Waits for `poll(2)` to find the descriptor ready for `events` (or in error, which the next
    /// read or write then reports), however long that takes.
    /// - Returns: `false` when the descriptor cannot be polled at all.
    public static func waitUntilReady(_ descriptor: Int32, for events: Int16) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let ready = poll(&entry, 1, -1)
            if ready > 0 { return entry.revents & Int16(POLLNVAL) == 0 }
            if ready < 0 && errno != EINTR && errno != EAGAIN { return false }
        }
    }

    /// `strerror`'s text, starting lower-case as the rest of a message does.
    /// - Parameter code: An `errno` value.
    public static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
