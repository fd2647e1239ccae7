import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the run on SIGINT (130) or SIGTERM (143): erases the spinner line and exits at once,
/// writing nothing more to standard output.
enum InterruptionHandler {
    /// Installs the handlers.
    /// - Parameter console: Whose activity indicator to erase.
    /// - Returns: The signal sources; keep them alive for as long as the handlers should work.
    static func install(console: Console) -> [any DispatchSourceSignal] {
        [(SIGINT, ExitStatus.interrupted), (SIGTERM, .terminated)].map { signalNumber, status in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                console.activityIndicator.stop()
                exit(status.rawValue)
            }
            source.resume()
            return source
        }
    }
}
