import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the run on SIGINT (130) or SIGTERM (143): erases the spinner line and exits at once,
/// writing nothing more to standard output.
final class InterruptionHandler: Sendable {
    private let console: Console
    private nonisolated(unsafe) var sources: [any DispatchSourceSignal] = []

    init(console: Console) {
        self.console = console
    }

    func install() {
        for (signalNumber, status) in [(SIGINT, ExitStatus.interrupted), (SIGTERM, .terminated)] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [console] in
                console.activityIndicator.stop()
                exit(status.rawValue)
            }
            source.resume()
            sources.append(source)
        }
    }
}
