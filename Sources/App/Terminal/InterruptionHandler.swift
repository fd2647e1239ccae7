import Dispatch
import Foundation
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
/// interactive session, SIGINT while a request runs cancels only that request.
///
/// Nothing on the way out waits for the terminal: the full-screen terminal is left at once (its
/// own writes give up, the restoring sequence is waited for at most a quarter of a second), the
/// deadline is armed before anything is written to stderr, and stderr's own line is written last,
/// so a terminal that does not read (a stalled link) cannot keep the process alive.
final class InterruptionHandler: Sendable {
    private static let gracePeriod: DispatchTimeInterval = .seconds(1)

    private struct State {
        /// The status the first signal asks for.
        var received: ExitStatus?
        /// Kept so the signal sources live as long as the handler.
        var sources: [any DispatchSourceSignal] = []
    }

    private let state = Mutex(State())

    /// The status the signal asks for, once one has arrived.
    var status: ExitStatus? { state.withLock { $0.received } }

    /// Starts handling the signals.
    /// - Parameters:
    ///   - console: Whose activity indicator to erase.
    ///   - requests: The interactive session's current request, if any.
    ///   - cancel: Cancels the run.
    init(console: Console, requests: RequestScope, cancel: @escaping @Sendable () -> Void) {
        // Made under the lock, so they go straight into it (a source is not Sendable).
        state.withLock { state in
            state.sources = [(SIGINT, ExitStatus.interrupted), (SIGTERM, .terminated), (SIGQUIT, .quit)].map {
                signalNumber, status in
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [weak self] in
                    if signalNumber == SIGINT && requests.cancel() {
                        console.activityIndicator.stop()
                        return
                    }
                    guard let self, self.record(status) else { Self.exit(status) }
                    DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracePeriod) { Self.exit(status) }
                    let wasFullScreen = RawTerminal.leaveEntered()
                    console.activityIndicator.stop()
                    // End the line the terminal echoed `^C` on, so the shell's prompt starts afresh (raw
                    // mode echoes nothing, and its terminal may be one that does not read).
                    if console.diagnosticsIsTerminal && !wasFullScreen { console.diagnostics.write("\n") }
                    cancel()
                }
                source.resume()
                return source
            }
        }
    }

    /// Ends the process now, the full-screen terminal restored when it can be (never waiting on it).
    private static func exit(_ status: ExitStatus) -> Never {
        RawTerminal.leaveEntered()
        _exit(status.rawValue)
    }

    /// Records the first signal; `false` for any later one.
    private func record(_ status: ExitStatus) -> Bool {
        state.withLock { state in
            guard state.received == nil else { return false }
            state.received = status
            return true
        }
    }
}
