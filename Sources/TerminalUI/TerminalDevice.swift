import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's controlling terminal, `/dev/tty`, for a full-screen session whose standard
/// output is not the terminal (a picker whose choice goes to stdout, a session whose output is a
/// file), as fzf draws on the terminal whatever its output is.
public enum TerminalDevice {
    /// Why there is no terminal to draw on, in words for a message.
    public enum Failure: Error {
        /// No controlling terminal (cron, `setsid`), or it cannot be opened: the system's reason.
        case cannotOpen(String)
        /// `/dev/tty` opened but is no terminal.
        case notATerminal

        /// The failure in words for a message.
        public var reason: String {
            switch self {
            case .cannotOpen(let reason): "cannot open /dev/tty (\(reason))"
            case .notATerminal: "/dev/tty is not one"
            }
        }
    }

    /// Opens it; the terminal returned owns the descriptor, open as long as the terminal lives.
    /// - Parameter reportsMouse: Whether the session asks for mouse reports.
    public static func terminal(reportsMouse: Bool) throws(Failure) -> RawTerminal {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(String(cString: strerror(errno))) }
        guard let terminal = RawTerminal(owning: descriptor, reportsMouse: reportsMouse) else { throw .notATerminal }
        return terminal
    }
}
