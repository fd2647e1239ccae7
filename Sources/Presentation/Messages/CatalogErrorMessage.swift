import Domain
import Foundation
import TerminalUI

/// What a failure means to the user: what happened, and a hint at what to do.
public enum CatalogErrorMessage {
    /// - Parameter error: The failure.
    /// - Returns: The message; its hint is worded by whoever writes it.
    /// How much of the service's own `errorMessage` is shown.
    public static let maximumServiceMessageLength = 200

    public static func message(for error: CatalogError) -> UserMessage {
        switch error {
        case .invalidQuery(let problem):
            return message(for: problem)
        case .offline:
            return UserMessage("you appear to be offline", hint: .checkConnection)
        case .notAvailableOffline:
            return UserMessage("nothing is cached for this request", hint: .fetchWhileOnline)
        case .serviceUnreachable:
            return UserMessage("cannot reach the iTunes service", hint: .checkServiceAddress)
        case .redirectRefused(let reason):
            return UserMessage(
                "the iTunes service redirected the request and it was not followed (\(reason))",
                hint: .checkServiceURL)
        case .insecureConnection(let reason):
            return message(for: reason)
        case .proxyNeedsCredentials(let variable):
            return UserMessage(
                "the proxy\(named(variable)) asks for credentials (HTTP 407)",
                hint: .giveProxyCredentials(variable: variable.map { TerminalSanitizer.excerpt($0) }))
        case .proxyRefused(let statusCode, let variable):
            return UserMessage(
                "the proxy\(named(variable)) refused the tunnel to the iTunes service (HTTP \(statusCode))",
                hint: .checkProxy(variable: variable.map { TerminalSanitizer.excerpt($0) }))
        case .requiredLibraryUnavailable(let problem):
            return message(for: problem)
        case .connectionLost:
            return UserMessage("the connection to the iTunes service broke off mid-answer", hint: .tryAgain)
        case .serviceUnavailable(404):
            // Almost always a wrong base URL: the real service answers 404 to no search.
            return UserMessage("the iTunes service's address answered not found (HTTP 404)", hint: .checkServiceURL)
        case .serviceUnavailable(let statusCode) where (400..<500).contains(statusCode):
            return UserMessage(
                "the iTunes service's address refused the request (HTTP \(statusCode))", hint: .checkServiceURL)
        case .serviceUnavailable(let statusCode):
            return UserMessage("the iTunes service is unavailable (HTTP \(statusCode))", hint: .tryAgainLater)
        case .timedOut:
            return UserMessage("the iTunes service did not answer in time", hint: .allowMoreTime)
        case .rateLimited(let retryAfter):
            return UserMessage(
                "the iTunes service limits clients to about 20 requests a minute and refused this one",
                hint: .waitAndTryAgain(seconds: wholeSeconds(retryAfter)))
        case .requestBudgetSpent(let retryAfter, let rate):
            return UserMessage(
                "the request was not sent: the request budget shared by your mvsearch runs "
                    + "(\(TerminalSanitizer.excerpt(rate))) is spent",
                hint: .waitAndTryAgain(seconds: wholeSeconds(retryAfter)))
        case .rejectedQuery(let message?):
            return UserMessage(
                "the iTunes service rejected the query: \(shortened(message))", hint: .checkSearchOptions)
        case .rejectedQuery(nil):
            return UserMessage("the iTunes service rejected the query", hint: .checkSearchOptions)
        case .unreadableResponse(let reason):
            return UserMessage("could not read the answer: \(reason)", hint: .tryAgainLater)
        case .tooManyOpenFiles:
            return UserMessage("too many open files: no connection could be opened", hint: .raiseOpenFileLimit)
        case .cancelled:
            return UserMessage("cancelled", hint: nil)
        }
    }

    private static func message(for reason: InsecureConnectionReason) -> UserMessage {
        switch reason {
        case .untrustedCertificate:
            return UserMessage(
                "the iTunes service's certificate is not signed by an authority this machine trusts",
                hint: .trustInspectingProxy)
        case .expiredCertificate:
            return UserMessage("the iTunes service's certificate has expired or is not valid yet", hint: .checkClock)
        case .wrongHost:
            return UserMessage("the iTunes service's certificate is for another host", hint: .checkServiceAddress)
        case .notTLS:
            return UserMessage(
                "the server at the service's address did not answer with TLS (is its address http://?)",
                hint: .checkServiceURL)
        case .handshakeFailed(let detail):
            return UserMessage(
                "a secure connection to the iTunes service failed (\(detail))", hint: .checkServiceAddress)
        }
    }

    private static func message(for problem: RequiredLibraryProblem) -> UserMessage {
        let library = TerminalSanitizer.excerpt(problem.library)
        let package = TerminalSanitizer.excerpt(problem.package)
        switch problem.kind {
        case .notInstalled:
            return UserMessage("\(library) is not installed", hint: .installPackage(package))
        case .tooOld(let found, let needed):
            return UserMessage(
                "\(library) is version \(TerminalSanitizer.excerpt(found)), older than the \(needed) needed",
                hint: .upgradePackage(package))
        case .broken(let reason):
            return UserMessage(
                "\(library) did not start (\(TerminalSanitizer.excerpt(reason)))", hint: .reinstallPackage(package))
        }
    }

    /// ` (https_proxy)`, or nothing when the variable is unknown.
    private static func named(_ variable: String?) -> String {
        variable.map { " (\(TerminalSanitizer.excerpt($0)))" } ?? ""
    }

    private static func message(for problem: QueryProblem) -> UserMessage {
        switch problem {
        case .emptyTerm:
            return UserMessage("the search term is empty", hint: .giveSearchWords)
        case .termTooLong(let length, let maximum):
            return UserMessage("the search term is \(length) characters long", hint: .shortenTerm(maximum: maximum))
        case .limitOutOfRange(let limit, let range):
            return UserMessage("the limit \(limit) is out of range", hint: .chooseLimit(range))
        case .negativeOffset(let offset):
            return UserMessage("the offset \(offset) is negative", hint: .chooseNonNegativeOffset)
        case .offsetTooLarge(let offset, let maximum):
            return UserMessage("the offset \(offset) is too large", hint: .chooseSmallerOffset(maximum: maximum))
        case .invalidID(let id):
            return UserMessage("\(id) is not a valid id", hint: .givePositiveID)
        case .invalidCountry(let country):
            return UserMessage(
                "\"\(TerminalSanitizer.excerpt(country))\" \(CountryCodes.problem(with: country))",
                hint: .giveCountryCode)
        }
    }

    /// A wait to show: whole seconds, rounded up, at most a day; `nil` ("about a minute") for
    /// none, zero or a value that is no number — never "wait 0 seconds".
    private static func wholeSeconds(_ seconds: TimeInterval?) -> Int? {
        guard let seconds, seconds.isFinite, seconds > 0 else { return nil }
        return Int(min(seconds, 86_400).rounded(.up))
    }

    /// The service's text as one sanitised line of at most `maximumServiceMessageLength`
    /// characters, runs of white space made one space, ending in `…` when cut. Only the start
    /// of a long text is looked at.
    private static func shortened(_ message: String) -> String {
        let start = String(message.prefix(maximumServiceMessageLength * 8))
        let line = TerminalSanitizer.sanitize(start).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard line.count > maximumServiceMessageLength || start.count < message.count else { return line }
        return line.prefix(maximumServiceMessageLength - 1).trimmingWhitespace() + "…"
    }
}
