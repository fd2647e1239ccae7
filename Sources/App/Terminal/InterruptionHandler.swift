import Dispatch
import Foundation
import Synchronization

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
final class InterruptionHandler: @unchecked Sendable {
    private static let gracePeriod: DispatchTimeInterval = .seconds(1)

    private let lock = Mutex(())
    private var received: ExitStatus?
    private var sources: [any DispatchSourceSignal] = []

    /// The status the signal asks for, once one has arrived.
    var status: ExitStatus? { lock.withLock { _ in received } }

    /// Starts handling the signals.
    /// - Parameters:
    ///   - console: Whose activity indicator to erase.
    ///   - requests: The interactive session's current request, if any.
    ///   - cancel: Cancels the run.
    init(console: Console, requests: RequestScope, cancel: @escaping @Sendable () -> Void) {
        let handlers = [(SIGINT, ExitStatus.interrupted), (SIGTERM, .terminated), (SIGQUIT, .quit)].map {
            signalNumber, status in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in
                console.activityIndicator.stop()
                if signalNumber == SIGINT && requests.cancel() { return }
                // End the line the terminal echoed `^C` on, so the shell's prompt starts afresh.
                if console.diagnosticsIsTerminal { console.diagnostics.write("\n") }
                guard let self, self.record(status) else { exit(status.rawValue) }
                cancel()
                DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracePeriod) { exit(status.rawValue) }
            }
            source.resume()
            return source
        }
        lock.withLock { _ in sources = handlers }
    }

    /// Records the first signal; `false` for any later one.
    private func record(_ status: ExitStatus) -> Bool {
        lock.withLock { _ in
            guard received == nil else { return false }
            received = status
            return true
        }
    }
}
