import Dispatch
import Foundation
import Platform
import Synchronization
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT, SIGTERM and SIGQUIT: erase the spinner line and cancel the run, which cancels the
/// request in flight and writes nothing more. The run then ends with 130 (SIGINT), 143 (SIGTERM)
/// or 131 (SIGQUIT, which would otherwise print the runtime's crash report and go on). Should
/// it not end within a second, or on a second signal, the process exits at once. In the
/// interactive session, SIGINT while a request runs cancels only that request. SIGHUP (unless
/// the process was started ignoring it, as `nohup` does) restores the terminal and ends the
/// process with 129 at once: the terminal is gone, nothing more can be shown.
///
/// No signal is lost at start-up: `holdSignals()`, on the first line of `main`, blocks them in the
/// thread that runs it (threads started from there inherit the mask; the runtime's own workers
/// block them already) and gives them a handler that only notes the first to arrive. It is
/// needed: the process's first thread, parked by the runtime while `main` runs elsewhere, waits
/// with no signal blocked, and without that handler a signal sent before the dispatch sources are
/// in place would take its default action there. The note is read once they are, and handled then.
///
/// Nothing on the way out waits for the terminal: the full-screen terminal is left at once (its
/// own writes give up, the restoring sequence is waited for at most a quarter of a second), the
/// deadline is armed before anything is written to stderr, and stderr's own line is written last,
/// so a terminal that does not read (a stalled link) cannot keep the process alive.
final class InterruptionHandler: Sendable {
    private static let gracePeriod: DispatchTimeInterval = .seconds(1)
    /// How long `init` waits for its handlers to be in place (they are within milliseconds).
    private static let registrationLimit: DispatchTimeInterval = .seconds(2)
    /// The signals handled, with the status each ends the run with.
    private static let handled: [(Int32, ExitStatus)] = [
        (SIGINT, .interrupted), (SIGTERM, .terminated), (SIGQUIT, .quit), (SIGHUP, .hangUp),
    ]

    private struct State {
        /// The status the first signal asks for.
        var received: ExitStatus?
        /// Cancels the run, once there is one.
        var cancel: (@Sendable () -> Void)?
        /// Kept so the signal sources live as long as the handler.
        var sources: [any DispatchSourceSignal] = []
    }

    private let state = Mutex(State())

    /// The status the signal asks for, once one has arrived.
    var status: ExitStatus? { state.withLock { $0.received } }

    /// Blocks the signals handled here in the calling thread, and so in every thread it starts
    /// from now on: call it first in `main`, before anything starts a thread. A signal sent before
    /// the handlers are in place then waits instead of being lost (or, once the terminal is in raw
    /// mode, of killing the process with the terminal left that way).
    static func holdSignals() {
        // Made before any handler may read it: a first access runs the value's initialiser, which
        // a signal handler must never do.
        _ = early.load(ordering: .relaxed)
        var signals = signalSet()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        for (signalNumber, _) in handled where !(signalNumber == SIGHUP && isIgnored(SIGHUP)) {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = noteEarly
            #else
                action.__sigaction_u.__sa_handler = noteEarly
            #endif
            sigfillset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// The first signal that arrived before the dispatch sources were in place; 0 for none.
    private static let early = Atomic<Int32>(0)

    /// The start-up handler: notes the first signal, nothing else (an atomic store is all a signal
    /// handler may safely do here).
    private static let noteEarly: @convention(c) (Int32) -> Void = { signalNumber in
        _ = early.compareExchange(expected: 0, desired: signalNumber, ordering: .relaxed)
    }

    /// Starts handling the signals. On Linux they stay held (see below); on Darwin they are
    /// released once the handlers are in place.
    /// - Parameters:
    ///   - console: Whose activity indicator to erase.
    ///   - requests: The interactive session's current request, if any.
    init(console: Console, requests: RequestScope) {
        let registered = DispatchGroup()
        // Made under the lock, so they go straight into it (a source is not Sendable).
        state.withLock { state in
            state.sources = Self.handled.compactMap { signalNumber, status in
                // Started by `nohup`: the hangup is not this process's to handle.
                if signalNumber == SIGHUP && Self.isIgnored(SIGHUP) { return nil }
                #if canImport(Darwin)
                    // kqueue reports the signal, but its default action would still be taken.
                    signal(signalNumber, SIG_IGN)
                #endif
                // On Linux the source installs a handler of its own when it is registered, and
                // reads the signal from a `signalfd`: no `SIG_IGN` first, which would throw away a
                // signal sent before that.
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [weak self] in
                    Self.handle(signalNumber, status: status, by: self, console: console, requests: requests)
                }
                registered.enter()
                source.setRegistrationHandler { registered.leave() }
                source.resume()
                return source
            }
        }
        _ = registered.wait(timeout: .now() + Self.registrationLimit)
        // The sources' own handlers replaced the start-up one: a signal it noted is handled now.
        let noted = Self.early.exchange(0, ordering: .relaxed)
        if let (signalNumber, status) = Self.handled.first(where: { $0.0 == noted }) {
            DispatchQueue.global().async { [weak self] in
                Self.handle(signalNumber, status: status, by: self, console: console, requests: requests)
            }
        }
        #if canImport(Darwin)
            // kqueue sees a signal whatever the mask; the default action must not be held back.
            var signals = Self.signalSet()
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        #else
            // Held for good: on Linux a source reads its signal from a `signalfd`, which sees only
            // a signal no thread takes. One delivered to a thread that lets it through goes to
            // libdispatch's handler, which sends it on to the thread it registered on, and that
            // thread may be a worker that blocks it and never reads it: lost. Programs this one
            // starts get a mask of their own (`DetachedProcess`).
        #endif
    }

    /// What a signal does: SIGINT while the interactive session waits cancels that request; the
    /// first signal otherwise leaves the terminal and cancels the run (ending the process after the
    /// grace period); SIGHUP, or any later signal, ends the process at once.
    private static func handle(
        _ signalNumber: Int32, status: ExitStatus, by handler: InterruptionHandler?, console: Console,
        requests: RequestScope
    ) {
        if signalNumber == SIGINT && requests.cancel() {
            console.activityIndicator.stop()
            return
        }
        guard let handler, status != .hangUp, let cancel = handler.record(status) else { exit(status) }
        DispatchQueue.global().asyncAfter(deadline: .now() + gracePeriod) { exit(status) }
        let wasFullScreen = RawTerminal.leaveEntered(forGood: true)
        console.activityIndicator.stop()
        // End the line the terminal echoed `^C` on, so the shell's prompt starts afresh (raw
        // mode echoes nothing, and its terminal may be one that does not read).
        if console.diagnosticsIsTerminal && !wasFullScreen { console.diagnostics.write("\n") }
        cancel?()
    }

    /// Cancels `run` on the first signal — at once, when one has already arrived.
    /// - Parameter cancel: Cancels the run.
    func cancels(with cancel: @escaping @Sendable () -> Void) {
        let arrived = state.withLock { state in
            state.cancel = cancel
            return state.received != nil
        }
        if arrived { cancel() }
    }

    /// Ends the process now, the full-screen terminal restored when it can be (never waiting on it).
    private static func exit(_ status: ExitStatus) -> Never {
        RawTerminal.leaveEntered(forGood: true)
        // A preview playing ends with the session (it is in a process group of its own, which
        // neither the signal nor a closed terminal reaches).
        SupervisedProcess.endAll()
        _exit(status.rawValue)
    }

    /// Records the first signal.
    /// - Returns: The run's cancellation (`nil` inside while there is no run yet) for the first
    ///   signal; `nil` outside for any later one.
    private func record(_ status: ExitStatus) -> (@Sendable () -> Void)?? {
        state.withLock { state in
            guard state.received == nil else { return nil }
            state.received = status
            return .some(state.cancel)
        }
    }

    private static func signalSet() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for (number, _) in handled { sigaddset(&signals, number) }
        return signals
    }

    /// Whether the process was started with `signalNumber` ignored.
    private static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #else
            let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
