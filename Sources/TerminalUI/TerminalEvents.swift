import Dispatch
import Foundation
import Platform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something the full-screen session reacts to.
public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    /// SIGWINCH: draw at the new size.
    case resize
    /// SIGTSTP from outside (`kill -TSTP`): suspend as Ctrl-Z does.
    case suspend
    /// SIGCONT: the process was continued; enter again and draw everything.
    case resume
    /// Input ended or failed (the terminal hung up).
    case endOfInput
    /// Time for the spinner's next frame.
    case tick
    /// Draw the frame (coalesced: queued once however many changes came before it).
    case draw
}

/// Keys from the terminal, decoded once on a reader thread of their own, and the signals the
/// session handles, as one stream. SIGHUP restores the terminal at once and ends the process
/// with 129.
public final class TerminalEvents: @unchecked Sendable {
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    public static let escapeTimeoutMilliseconds: Int32 = 50

    public let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private var sources: [any DispatchSourceSignal] = []
    private let wake: (read: Int32, write: Int32)

    public init(terminal: RawTerminal) {
        (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        var pipeEnds: [Int32] = [-1, -1]
        if pipe(&pipeEnds) != 0 { pipeEnds = [-1, -1] }
        // Not inherited by a program the session starts (the page opener).
        for end in pipeEnds where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (pipeEnds[0], pipeEnds[1])
        let continuation = continuation
        // A source starts watching its signal a moment after `resume`, on another thread; until
        // then the signal is ignored. The session may stop at once (started in the background),
        // and the SIGCONT of `fg` must not be missed: every source is waited for, boundedly.
        let registered = DispatchGroup()
        let forwarded: [(Int32, TerminalEvent)] = [(SIGWINCH, .resize), (SIGTSTP, .suspend), (SIGCONT, .resume)]
        for (number, event) in forwarded {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(event) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            sources.append(source)
        }
        // SIGINT, SIGTERM and SIGQUIT are the interruption handler's: it cancels the run, and the
        // session restores the terminal as it unwinds.
        for number in [SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                terminal.leave()
                exit(128 + number)
            }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            sources.append(source)
        }
        _ = registered.wait(timeout: .now() + .seconds(2))
        let input = terminal.input
        let wakeRead = wake.read
        if !DetachedThread.start({ Self.read(input, wake: wakeRead, into: continuation) }) {
            continuation.finish()
        }
    }

    /// Queues an event of the session's own (a frame to draw, a spinner tick).
    public func post(_ event: TerminalEvent) {
        continuation.yield(event)
    }

    /// Stops the reader thread and the signal handlers (SIGCONT and SIGWINCH back to default).
    public func stop() {
        for source in sources { source.cancel() }
        for number in [SIGWINCH, SIGTSTP, SIGCONT, SIGHUP] { signal(number, SIG_DFL) }
        var byte: UInt8 = 1
        _ = systemWrite(wake.write, &byte, 1)
        continuation.finish()
    }

    private static func read(
        _ input: Int32, wake: Int32, into continuation: AsyncStream<TerminalEvent>.Continuation
    ) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            if wake >= 0 { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(
                &descriptors, nfds_t(descriptors.count), decoder.isWaiting ? escapeTimeoutMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.endOfInput)
                return
            }
            if ready == 0 {
                for key in decoder.flush() { continuation.yield(.key(key)) }
                continue
            }
            if descriptors.count > 1, descriptors[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
            if count > 0 {
                for key in decoder.feed(buffer[0..<count]) { continuation.yield(.key(key)) }
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                continuation.yield(.endOfInput)
                return
            }
        }
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#else
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif
