import JSON
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes whole lines to a descriptor under a lock, so concurrent messages never interleave.
///
/// A failed write (EPIPE, a descriptor that stays full for `stallLimit`) closes the channel:
/// every later write is refused and `onClose` runs once.
final class OutputChannel: Sendable {
    private struct State {
        var isClosed = false
    }

    private let descriptor: Int32
    private let state = Mutex(State())
    private let onClose: @Sendable () -> Void
    private let stallMilliseconds: Int32 = 30_000

    init(descriptor: Int32, onClose: @escaping @Sendable () -> Void) {
        self.descriptor = descriptor
        self.onClose = onClose
    }

    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Writes the message and a newline.
    /// - Returns: `false` when the channel is (now) closed.
    @discardableResult
    func send(_ message: JSONRPCMessage) -> Bool {
        var line = message.serialized()
        line.append(0x0A)
        let (written, closedNow) = state.withLock { state -> (Bool, Bool) in
            guard !state.isClosed else { return (false, false) }
            guard writeAll(line) else {
                state.isClosed = true
                return (false, true)
            }
            return (true, false)
        }
        if closedNow { onClose() }
        return written
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let count = write(descriptor, base + offset, buffer.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    guard poll(&waiting, 1, stallMilliseconds) > 0 else { return false }
                } else {
                    return false
                }
            }
            return true
        }
    }
}
