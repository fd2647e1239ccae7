import Dispatch
import Foundation
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something the full-screen session reacts to.
public enum TerminalEvent: Sendable, Equatable {
    /// The keys of one read (a paste or fast typing brings several): handled together, then one
    /// frame is drawn.
    case keys([Key])
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
/// session handles, as one stream. The end of input (or a read that fails) in raw mode is the
/// terminal hanging up: no key sends it.
public final class TerminalEvents: Sendable {
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    public static let escapeTimeoutMilliseconds: Int32 = 50
    /// How long a sequence whose parameters have begun (a mouse report) waits for the rest before
    /// it is dropped: a terminal sends it whole, but a slow link may split it (tmux waits as long).
    public static let sequenceTimeoutMilliseconds: Int32 = 500
    /// How long a paste whose end marker has not come waits for more before it ends: a real paste
    /// arrives in one burst, and a start with no end must not swallow the keys typed after it.
    public static let pasteTimeoutMilliseconds: Int32 = 300

    public let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    /// Filled in `init` before the object is shared, then only read: dispatch sources may be
    /// cancelled from any thread, but are not declared `Sendable`.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []
    private let wake: (read: Int32, write: Int32)
    /// SIGTSTP from outside: its handler writes a byte here, the reader turns it into `.suspend`.
    /// (Not a dispatch source: its `signalfd` could take the SIGTSTP that `stopJob()` sends the
    /// process group, leaving the job stopped but this process running.)
    private let stops: (read: Int32, write: Int32)
    /// The write end of `stops`, for the signal handler.
    private static let stopRequests = Atomic<Int32>(-1)
    /// Signalled on SIGCONT while `stopJob()` waits for it.
    private let continued = Mutex<DispatchSemaphore?>(nil)

    public init(terminal: RawTerminal) {
        (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        wake = Self.makePipe()
        stops = Self.makePipe()
        Self.stopRequests.store(stops.write, ordering: .sequentiallyConsistent)
        Self.handleStopRequests()
        let continuation = continuation
        // A source starts watching its signal a moment after `resume`, on another thread. The
        // session may stop at once (started in the background), and the SIGCONT of `fg` must not be
        // missed: every source is waited for, boundedly. On Linux the source installs a handler of
        // its own: no `SIG_IGN` first, which would throw away a signal sent before then.
        let registered = DispatchGroup()
        let forwarded: [(Int32, TerminalEvent)] = [(SIGWINCH, .resize), (SIGCONT, .resume)]
        for (number, event) in forwarded {
            #if canImport(Darwin)
                signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                continuation.yield(event)
                if number == SIGCONT { _ = self?.continued.withLock { $0?.signal() } }
            }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            sources.append(source)
        }
        // SIGINT, SIGTERM, SIGQUIT and SIGHUP are the application's: it cancels the run (the
        // session restores the terminal as it unwinds) or, on a hangup, leaves the terminal and ends.
        _ = registered.wait(timeout: .now() + .seconds(2))
        let input = terminal.input
        let (wakeRead, stopsRead) = (wake.read, stops.read)
        if !DetachedThread.start({ Self.read(input, wake: wakeRead, stops: stopsRead, into: continuation) }) {
            continuation.finish()
        }
    }

    /// A pipe not inherited by a program the session starts (the page opener), its ends
    /// non-blocking (a signal handler writes to it); `-1`s when none can be made.
    private static func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// SIGTSTP: a byte to `stops` (all a handler may safely do).
    private static func handleStopRequests() {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 0x1A
                _ = systemWrite(TerminalEvents.stopRequests.load(ordering: .relaxed), &byte, 1)
            }
        #else
            action.__sigaction_u.__sa_handler = { _ in
                var byte: UInt8 = 0x1A
                _ = systemWrite(TerminalEvents.stopRequests.load(ordering: .relaxed), &byte, 1)
            }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGTSTP, &action, nil)
    }

    /// Queues an event of the session's own (a frame to draw, a spinner tick).
    public func post(_ event: TerminalEvent) {
        continuation.yield(event)
    }

    /// Stops the whole foreground job, as the terminal does for Ctrl-Z in cooked mode: SIGTSTP,
    /// with its default action back for the moment, to the process group — a parent that is not a
    /// job-control shell (`bash -c '…; echo done'`, a script) stops too, and the shell above gets
    /// the terminal back (as vim and nvi do). Returns once the job has been continued; at most
    /// `unansweredStopMilliseconds` after, when the stop did not happen (an orphaned process group
    /// ignores SIGTSTP). Leave the terminal first.
    public func stopJob() {
        let semaphore = DispatchSemaphore(value: 0)
        continued.withLock { $0 = semaphore }
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
        signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        // Another thread may have been chosen for this process's copy: unblocking again makes this
        // one take it now if it is still pending. Either way the stop happens before SIGCONT.
        pthread_sigmask(SIG_UNBLOCK, &stop, nil)
        _ = semaphore.wait(timeout: .now() + .milliseconds(Int(Self.unansweredStopMilliseconds)))
        Self.handleStopRequests()
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        continued.withLock { $0 = nil }
    }

    /// How long `stopJob()` waits for a stop that does not come.
    public static let unansweredStopMilliseconds: Int32 = 200

    /// Stops the reader thread and the signal handlers (SIGCONT and SIGWINCH back to default).
    public func stop() {
        for source in sources { source.cancel() }
        for number in [SIGWINCH, SIGTSTP, SIGCONT] { signal(number, SIG_DFL) }
        var byte: UInt8 = 1
        _ = systemWrite(wake.write, &byte, 1)
        Self.stopRequests.store(-1, ordering: .sequentiallyConsistent)
        continuation.finish()
    }

    private static func read(
        _ input: Int32, wake: Int32, stops: Int32, into continuation: AsyncStream<TerminalEvent>.Continuation
    ) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stops, events: Int16(POLLIN), revents: 0),
            ]
            let timeout =
                decoder.isInPaste
                ? pasteTimeoutMilliseconds
                : decoder.isInSequence
                    ? sequenceTimeoutMilliseconds : decoder.isWaiting ? escapeTimeoutMilliseconds : -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.endOfInput)
                return
            }
            if ready == 0 {
                let keys = decoder.flush()
                if !keys.isEmpty { continuation.yield(.keys(keys)) }
                continue
            }
            if descriptors[1].revents != 0 { return }
            if descriptors[2].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while systemRead(stops, &drained, drained.count) > 0 {}
                continuation.yield(.suspend)
                if descriptors[0].revents == 0 { continue }
            }
            let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
            if count > 0 {
                let keys = decoder.feed(buffer[0..<count])
                if !keys.isEmpty { continuation.yield(.keys(keys)) }
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
