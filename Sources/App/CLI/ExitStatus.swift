import Domain
import Foundation

/// The process exit status (sysexits.h where one fits).
enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Results were shown.
    case success = 0
    /// The search worked and found nothing.
    case noResults = 1
    /// Bad usage, an invalid option value, or a query the service rejected (EX_USAGE).
    case usage = 64
    /// The service's answer could not be read (EX_DATAERR).
    case dataError = 65
    /// The service is unavailable or unreachable (EX_UNAVAILABLE).
    case unavailable = 69
    /// The system refused a resource: no file descriptor left (EX_OSERR).
    case systemError = 71
    /// A file could not be created, replaced or removed (EX_CANTCREAT).
    case cannotCreate = 73
    /// The results (or the history file) could not be written (EX_IOERR).
    case ioError = 74
    /// Timed out or rate limited: try again later (EX_TEMPFAIL).
    case temporaryFailure = 75
    /// The settings file has a bad line, or is too large to be one (EX_CONFIG).
    case configurationError = 78
    /// The terminal hung up (SIGHUP).
    case hangUp = 129
    /// Interrupted by SIGINT.
    case interrupted = 130
    /// Quit by SIGQUIT.
    case quit = 131
    /// Terminated by SIGTERM.
    case terminated = 143

    /// The status a failed search ends with.
    init(_ error: CatalogError) {
        switch error {
        case .invalidQuery, .rejectedQuery: self = .usage
        case .unreadableResponse: self = .dataError
        case .offline, .notAvailableOffline, .serviceUnreachable, .redirectRefused, .insecureConnection,
            .connectionLost, .serviceUnavailable, .proxyNeedsCredentials, .proxyRefused, .requiredLibraryUnavailable:
            self = .unavailable
        case .timedOut, .rateLimited, .requestBudgetSpent: self = .temporaryFailure
        case .tooManyOpenFiles: self = .systemError
        case .cancelled: self = .interrupted
        }
    }
}
