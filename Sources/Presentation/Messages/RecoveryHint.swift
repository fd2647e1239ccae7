import Foundation

/// What the user can do next, in the domain's terms. Presentation chooses the hint; a
/// `HintPhrasing` words it for where the user is — the command line names its flags, the
/// interactive session does not.
public enum RecoveryHint: Equatable, Sendable {
    case tryAgain
    case tryAgainLater
    /// Wait this many seconds (or about a minute when `nil`), then try again.
    case waitAndTryAgain(seconds: Int?)
    case checkConnection
    /// The connection, or the address of the service itself.
    case checkServiceAddress
    /// The address of the service: it answered, but not as the service does.
    case checkServiceURL
    /// Trust the certificate authority of a proxy that inspects TLS (through `SSL_CERT_FILE`).
    case trustInspectingProxy
    /// A certificate seen as expired may be a wrong clock.
    case checkClock
    /// Try again, allowing the service more time.
    case allowMoreTime
    /// Nothing is stored for offline use: ask once while online.
    case fetchWhileOnline
    case checkSearchOptions
    case giveSearchWords
    case shortenTerm(maximum: Int)
    case chooseLimit(ClosedRange<Int>)
    case chooseNonNegativeOffset
    case chooseSmallerOffset(maximum: Int)
    case givePositiveID
    case giveCountryCode
    case tryOtherWords
    /// A page past the last: the rows before it are all the service has for those words.
    case allResultsShown
    /// An id found nothing: the id may be wrong, or the item sold in another store country.
    case checkIDOrCountry
    /// Fewer files open at once, or a higher limit.
    case raiseOpenFileLimit
    /// Put the proxy's user name and password in the environment variable that names it
    /// (`nil`: the proxy variable, whichever it is).
    case giveProxyCredentials(variable: String?)
    /// Check the proxy that the environment variable names, or use another.
    case checkProxy(variable: String?)
    /// Install the package that provides a library.
    case installPackage(String)
    /// Install a newer version of the package.
    case upgradePackage(String)
    /// Install the package again.
    case reinstallPackage(String)
}

/// Words a hint for the user.
public protocol HintPhrasing: Sendable {
    /// - Parameter hint: What the user can do.
    /// - Returns: The advice, e.g. `try again later`.
    func advice(for hint: RecoveryHint) -> String
}

/// Every hint in the domain's words, naming no way of giving input: what the interactive
/// session says, and what the command line says where it has no flag to name.
public struct PlainHintPhrasing: HintPhrasing {
    public init() {}

    public func advice(for hint: RecoveryHint) -> String {
        switch hint {
        case .tryAgain: "try again"
        case .tryAgainLater: "try again later"
        case .waitAndTryAgain(let seconds?) where seconds > 0: "wait \(Self.wait(seconds)) and try again"
        case .waitAndTryAgain: "wait a minute and try again"
        case .checkConnection: "check the network connection and try again"
        case .checkServiceAddress: "check the network connection and the service's address, and try again"
        case .checkServiceURL: "check the service's address"
        case .trustInspectingProxy: "if a proxy inspects TLS, point SSL_CERT_FILE at its CA certificate"
        case .checkClock: "check the system clock"
        case .allowMoreTime: "try again, or allow a longer timeout"
        case .fetchWhileOnline: "ask once while online, then it is kept for offline use"
        case .checkSearchOptions: "check the search options"
        case .giveSearchWords: "give words to search for"
        case .shortenTerm(let maximum): "use at most \(maximum)"
        case .chooseLimit(let range): "choose a limit from \(range.lowerBound) to \(range.upperBound)"
        case .chooseNonNegativeOffset: "start at an offset of 0 or more"
        case .chooseSmallerOffset(let maximum): "start at an offset of at most \(maximum)"
        case .givePositiveID: "ids are positive numbers, e.g. 1451289202"
        case .giveCountryCode: "use a code such as US, GB or JP"
        case .tryOtherWords: "try other or fewer words"
        case .allResultsShown: "try other words for more"
        case .checkIDOrCountry: "check the id, or try another store country"
        case .raiseOpenFileLimit: "close other programs, or raise the limit (ulimit -n) and try again"
        case .giveProxyCredentials(let variable?):
            "put the proxy's user name and password in \(variable) (http://user:password@host:port)"
        case .giveProxyCredentials(nil):
            "put the proxy's user name and password in its variable (http://user:password@host:port)"
        case .checkProxy(let variable?): "check the proxy that \(variable) names, or unset it"
        case .checkProxy(nil): "check the proxy settings"
        case .installPackage(let package): "install it (e.g. apt-get install \(package))"
        case .upgradePackage(let package): "install a newer one (e.g. apt-get install \(package))"
        case .reinstallPackage(let package): "install the \(package) package again"
        }
    }
}

extension PlainHintPhrasing {
    /// A wait in the unit a person reads it in, rounded up: seconds up to a minute and a half
    /// (`90 seconds`), minutes up to an hour and a half (`5 minutes`), hours beyond (`24 hours`):
    /// never `86400 seconds`.
    static func wait(_ seconds: Int) -> String {
        func counted(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
        switch seconds {
        case ...90: return counted(seconds, "second")
        case ...5400: return counted((seconds + 59) / 60, "minute")
        default: return counted((seconds + 3599) / 3600, "hour")
        }
    }
}
