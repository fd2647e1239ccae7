import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a stand-in program (a player, a browser opener) said on a FIFO, and how the wait for it
/// ended. `readFIFO` makes it; every test that waits on a stand-in waits through it.
public struct FIFOReading: Sendable, Equatable {
    /// How the wait ended.
    public enum Outcome: Sendable, Equatable {
        /// What was read is what the caller waited for (`until` said so).
        case enough
        /// Every writer has closed the FIFO.
        case ended
        /// No byte came within the time allowed, or reading failed.
        case timedOut
    }

    /// Every byte read.
    public let bytes: [UInt8]
    public let outcome: Outcome

    /// The bytes as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Reads a FIFO through its non-blocking read end, on the calling thread (call it from
/// `offPool`), until `enough` says so, every writer has closed it, or no byte comes for `timeout`
/// milliseconds.
/// - Parameters:
///   - reader: The FIFO's read end, opened `O_NONBLOCK`.
///   - timeout: How long to wait for each byte (and for the end), in milliseconds.
///   - endBeforeFirstByte: Whether an end before any byte counts. Linux reports a writer's end
///     until the next writer opens the FIFO, so a wait for a program started after another has
///     finished sets it to `false`: it waits for the next writer instead, for `timeout` at most.
///   - enough: Whether the bytes read so far are all the caller waits for (a first line).
/// - Returns: The bytes read, and how the wait ended.
public func readFIFO(
    _ reader: Int32, timeout: Int32, endBeforeFirstByte: Bool = true,
    until enough: ([UInt8]) -> Bool = { _ in false }
) -> FIFOReading {
    var said = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 512)
    var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    // Only a wait that ignores an early end can go round without poll waiting: it stops here.
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout))
    while poll(&descriptor, 1, timeout) > 0 {
        let count = read(reader, &chunk, chunk.count)
        if count > 0 {
            said += chunk[..<count]
            if enough(said) { return FIFOReading(bytes: said, outcome: .enough) }
        } else if count == 0 && (endBeforeFirstByte || !said.isEmpty) {
            return FIFOReading(bytes: said, outcome: .ended)
        } else if count < 0 && errno != EAGAIN && errno != EINTR {
            break
        } else if said.isEmpty && ContinuousClock.now > deadline {
            break
        }
    }
    return FIFOReading(bytes: said, outcome: .timedOut)
}
