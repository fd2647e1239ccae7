import Dispatch
import JSON
import Platform
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Queues whole lines for a writing thread of its own, so a message never waits for the client
/// to read, concurrent messages never interleave, and no task of the cooperative pool ever
/// blocks in `write`.
///
/// The queue is bounded by whoever reads the input: `waitForRoom` holds it while more than
/// `maximumQueuedBytes` wait (a client that sends but does not read is read no further). Writes
/// wait in `poll` and go out in pieces of at most `PIPE_BUF` bytes, so even a blocking descriptor
/// never blocks past `stallTimeout`: a client that reads nothing for that long is given up, as
/// one whose output is closed (EPIPE) is. Either closes the channel: later lines are dropped and
/// `onClose` runs once, with whether it was a stall.
final class OutputChannel: Sendable {
    private struct State {
        var queue: [[UInt8]] = []
        var queuedBytes = 0
        var isClosed = false
        var isFinishing = false
    }

    /// Bytes queued past which the input is read no further until the client reads.
    static let maximumQueuedBytes = 4 << 20
    private let descriptor: Int32
    private let stallTimeout: Duration
    private let state = Mutex(State())
    private let queued = DispatchSemaphore(value: 0)
    private let drained = DispatchSemaphore(value: 0)
    private let finished = OneShot<Ending>()
    private let onClose: @Sendable (_ stalled: Bool) -> Void

    init(descriptor: Int32, stallTimeout: Duration, onClose: @escaping @Sendable (_ stalled: Bool) -> Void) {
        self.descriptor = descriptor
        self.stallTimeout = stallTimeout
        self.onClose = onClose
    }

    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Bytes waiting to be written.
    var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// Starts the writing thread; `false` when no thread could be made.
    func start() -> Bool {
        DetachedThread.start { [self] in writeLoop() }
    }

    /// Queues `message` as one line; `false` when the channel is closed.
    @discardableResult
    func send(_ message: JSONRPCMessage) -> Bool {
        var line = message.serialized()
        line.append(0x0A)
        let isQueued = state.withLock { state -> Bool in
            guard !state.isClosed, !state.isFinishing else { return false }
            state.queue.append(line)
            state.queuedBytes += line.count
            return true
        }
        if isQueued { queued.signal() }
        return isQueued
    }

    /// Waits while more than `maximumQueuedBytes` wait to be written, at most until `timeout`
    /// passes; `true` when there is room (or the channel is closed: nothing more will queue).
    func waitForRoom(timeout: Duration) -> Bool {
        let deadline = DispatchTime.now() + .milliseconds(Int(timeout / .milliseconds(1)))
        while state.withLock({ !$0.isClosed && $0.queuedBytes > Self.maximumQueuedBytes }) {
            guard drained.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }

    /// How the last of the answers went.
    enum Ending: Sendable, Equatable {
        /// Everything queued was written.
        case written
        /// Writing failed (EPIPE: the client closed its end); the rest was dropped.
        case closed
        /// The client read nothing for `stallTimeout`; the rest was dropped.
        case stalled
    }

    /// Lets what is queued be written (at most `stallTimeout` without progress), then ends the
    /// writing thread.
    /// - Returns: Whether everything was written, or why not.
    func finish() async -> Ending {
        state.withLock { $0.isFinishing = true }
        queued.signal()
        return await finished.wait()
    }

    private func writeLoop() {
        while true {
            let (lines, isFinishing) = state.withLock { state -> ([[UInt8]], Bool) in
                defer { state.queue = [] }
                return (state.queue, state.isFinishing)
            }
            if lines.isEmpty {
                if isFinishing {
                    finished.resume(.written)
                    return
                }
                queued.wait()
                continue
            }
            for line in lines {
                if let stalled = writeAll(line) {
                    state.withLock {
                        $0.isClosed = true
                        $0.queue = []
                        $0.queuedBytes = 0
                    }
                    drained.signal()
                    onClose(stalled)
                    finished.resume(stalled ? .stalled : .closed)
                    return
                }
                state.withLock { $0.queuedBytes -= line.count }
                drained.signal()
            }
        }
    }

    /// Writes every byte; `nil` when done, else whether it failed for a stall (rather than an error).
    private func writeAll(_ bytes: [UInt8]) -> Bool? {
        let piece = Int(PIPE_BUF)
        let stallMilliseconds = Int32(clamping: Int(stallTimeout / .milliseconds(1)))
        return bytes.withUnsafeBytes { buffer -> Bool? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                // A blocking descriptor takes a piece of PIPE_BUF bytes whole once it polls writable.
                var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&waiting, 1, stallMilliseconds)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { return ready == 0 }
                let count = write(descriptor, base + offset, min(piece, buffer.count - offset))
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK {
                    continue
                } else {
                    return false
                }
            }
            return nil
        }
    }
}
