import Domain
import Foundation

/// Why an operation produced no rows, in words for a program or an agent (they name
/// parameters, never a command line's flags), with what to do. Each front end maps `kind` to its
/// own status by one switch: the exit status, the HTTP status, the MCP `isError`.
public struct OperationFailure: Error, Sendable, Equatable {
    /// What kind of failure: what decides the status.
    public enum Kind: Sendable, Equatable {
        /// An argument breaks its parameter's rule, or the query the domain's (`limit: 500`).
        case invalidArgument(parameter: String?)
        /// The service itself rejected the query (its HTTP 400).
        case rejectedQuery
        /// The service limits requests (its 403 or 429), or the shared request budget would
        /// make the request wait longer than it may; `retryAfter` when known.
        case rateLimited(retryAfter: TimeInterval?)
        /// The service answered with a server error, or refused the address.
        case serviceFailed
        /// The service's answer could not be read.
        case unreadableAnswer
        /// The service could not be reached (offline, DNS, refused, TLS, nothing cached offline).
        case unavailable
        /// The service did not answer in time.
        case timedOut
        /// This machine ran out of a resource (file descriptors).
        case localResources
        /// The caller cancelled.
        case cancelled
    }

    public let kind: Kind
    /// What happened, in one sentence.
    public let message: String
    /// What to do about it; `nil` when there is nothing to do.
    public let hint: String?

    public init(_ kind: Kind, message: String, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.hint = hint
    }

    /// A bad argument, naming its parameter.
    public static func invalidArgument(parameter: String?, message: String, hint: String? = nil) -> OperationFailure {
        OperationFailure(
            .invalidArgument(parameter: parameter), message: message,
            hint: hint ?? "correct the argument and call again")
    }

    /// The parameter a bad argument concerns, when it concerns one.
    public var parameterName: String? {
        if case .invalidArgument(let parameter) = kind { return parameter }
        return nil
    }

    /// A stable code for programs: `invalid_argument`, `rate_limited`, …
    public var code: String {
        switch kind {
        case .invalidArgument: "invalid_argument"
        case .rejectedQuery: "rejected_query"
        case .rateLimited: "rate_limited"
        case .serviceFailed: "service_failed"
        case .unreadableAnswer: "unreadable_answer"
        case .unavailable: "unavailable"
        case .timedOut: "timed_out"
        case .localResources: "local_resources"
        case .cancelled: "cancelled"
        }
    }
}

extension OperationFailure {
    /// The failure of a use case, worded for a program or an agent.
    /// - Parameter error: What the use case threw.
    public init(_ error: CatalogError) {
        switch error {
        case .invalidQuery(let problem):
            self = Self.failure(for: problem)
        case .offline:
            self.init(.unavailable, message: "this machine appears to be offline", hint: "try again once it is online")
        case .notAvailableOffline:
            self.init(
                .unavailable, message: "nothing is cached for this request and the service is used offline only",
                hint: "ask for something that was fetched before, or run the server online")
        case .serviceUnreachable, .connectionLost, .redirectRefused, .insecureConnection, .proxyNeedsCredentials,
            .proxyRefused, .requiredLibraryUnavailable:
            self.init(
                .unavailable, message: "the iTunes service could not be reached (\(Self.reason(error)))",
                hint: "try again later; if it persists, the server's network or settings need attention")
        case .serviceUnavailable(let statusCode):
            self.init(
                .serviceFailed, message: "the iTunes service failed to answer (HTTP \(statusCode))",
                hint: "try again later")
        case .timedOut:
            self.init(.timedOut, message: "the iTunes service did not answer in time", hint: "try again later")
        case .rateLimited(let retryAfter):
            let wait = retryAfter.flatMap { $0.isFinite && $0 > 0 ? Int($0.rounded(.up)) : nil }
            self.init(
                .rateLimited(retryAfter: retryAfter),
                message: "the iTunes service allows about 20 requests a minute and this one must wait",
                hint: wait.map { "call again in \($0) seconds" } ?? "call again in about a minute")
        case .requestBudgetSpent(let retryAfter, let rate):
            let wait = max(1, Int(min(retryAfter, 86_400).rounded(.up)))
            self.init(
                .rateLimited(retryAfter: retryAfter),
                message: "the request was not sent: the request budget shared by the user's mvsearch processes "
                    + "(\(Self.shortened(rate))) is spent for \(wait) seconds more",
                hint: "call again in \(wait) seconds")
        case .rejectedQuery(let message):
            self.init(
                .rejectedQuery,
                message: "the iTunes service rejected the query" + (message.map { ": \(Self.shortened($0))" } ?? ""),
                hint: "check the arguments")
        case .unreadableResponse(let reason):
            self.init(
                .unreadableAnswer, message: "the iTunes service's answer could not be read: \(Self.shortened(reason))",
                hint: "try again later")
        case .tooManyOpenFiles:
            self.init(.localResources, message: "the server has too many open files", hint: "try again later")
        case .cancelled:
            self.init(.cancelled, message: "the request was cancelled", hint: nil)
        }
    }

    /// A broken domain rule, naming the parameter it concerns.
    public static func failure(for problem: QueryProblem) -> OperationFailure {
        switch problem {
        case .emptyTerm:
            invalidArgument(parameter: "term", message: "term is empty", hint: "give the words to search for")
        case .termTooLong(let length, let maximum):
            invalidArgument(
                parameter: "term", message: "term is \(length) characters long",
                hint: "give at most \(maximum) characters")
        case .limitOutOfRange(let limit, let range):
            invalidArgument(
                parameter: "limit", message: "limit \(limit) is out of range",
                hint: "give a limit from \(range.lowerBound) to \(range.upperBound)")
        case .negativeOffset(let offset):
            invalidArgument(parameter: "offset", message: "offset \(offset) is negative", hint: "give 0 or more")
        case .offsetTooLarge(let offset, let maximum):
            invalidArgument(
                parameter: "offset", message: "offset \(offset) is too large", hint: "give at most \(maximum)")
        case .invalidID(let id):
            invalidArgument(parameter: nil, message: "\(id) is not a valid id", hint: "give a positive store id")
        case .invalidCountry(let country):
            invalidArgument(
                parameter: "country", message: "\"\(shortened(country))\" \(CountryCodes.problem(with: country))",
                hint: "give a code such as US, GB or JP")
        }
    }

    private static func reason(_ error: CatalogError) -> String {
        switch error {
        case .serviceUnreachable: "host not found or connection refused"
        case .connectionLost: "the connection broke off mid-answer"
        case .redirectRefused(let reason): "a redirect was not followed: \(shortened(reason))"
        case .insecureConnection: "the secure connection failed"
        case .proxyNeedsCredentials: "the proxy asks for credentials"
        case .proxyRefused(let statusCode, _): "the proxy refused the tunnel, HTTP \(statusCode)"
        case .requiredLibraryUnavailable(let problem): "\(problem.library) is unavailable"
        default: "unknown"
        }
    }

    /// At most 200 characters of a text from the service, on one line.
    static func shortened(_ text: String) -> String {
        let line = text.prefix(1600).split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        return line.count > 200 ? line.prefix(199) + "…" : line
    }
}
