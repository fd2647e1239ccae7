import Foundation

/// What went wrong asking the store's catalogue (music videos, artists, lookups), in the terms a
/// user acts on. Data maps every transfer failure to one of these; Domain never sees transport errors.
public enum CatalogError: Error, Equatable, Sendable {
    /// The query was not sent: it breaks a rule.
    case invalidQuery(QueryProblem)
    /// The machine is offline.
    case offline
    /// Offline mode, and nothing is stored for this request.
    case notAvailableOffline
    /// The service's host could not be found or reached.
    case serviceUnreachable
    /// The service's identity could not be verified, or the secure connection failed.
    case insecureConnection(InsecureConnectionReason)
    /// The service answered with a redirect that is not followed (why, in words): to another
    /// scheme, from https down to http, plain http off this machine, or too many.
    case redirectRefused(reason: String)
    /// A proxy between this machine and the service asked for credentials it was not given;
    /// `variable` is the environment variable that names the proxy, when known.
    case proxyNeedsCredentials(variable: String?)
    /// A proxy between this machine and the service would not pass the request on (its status).
    case proxyRefused(statusCode: Int, variable: String?)
    /// A library of the system this program needs is missing, too old, or did not start.
    case requiredLibraryUnavailable(RequiredLibraryProblem)
    /// The connection broke before the whole answer arrived.
    case connectionLost
    /// The service answered with a server error.
    case serviceUnavailable(statusCode: Int)
    /// The service did not answer in time.
    case timedOut
    /// The service refused because of too many requests.
    case rateLimited(retryAfter: TimeInterval?)
    /// The request was not sent: the budget of requests this program keeps to stay within the
    /// service's limit (`rate`, in words: `20 a minute`) has no slot for `retryAfter` seconds,
    /// longer than the request may wait.
    case requestBudgetSpent(retryAfter: TimeInterval, rate: String)
    /// The service rejected the query; its own message, when it gave one.
    case rejectedQuery(message: String?)
    /// The service answered, but not in a form that could be read.
    case unreadableResponse(reason: String)
    /// This machine ran out of file descriptors (the process's open-file limit, or the system's).
    case tooManyOpenFiles
    /// The caller cancelled.
    case cancelled
}

/// A library of the system this program needs, and what is wrong with it.
public struct RequiredLibraryProblem: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case notInstalled
        /// The version found, and the oldest that will do.
        case tooOld(found: String, needed: String)
        /// It is there but did not start; its words.
        case broken(reason: String)
    }

    /// The library's file name, e.g. `libcurl.so.4`.
    public let library: String
    /// A package that installs it, e.g. `libcurl4`.
    public let package: String
    public let kind: Kind

    public init(library: String, package: String, kind: Kind) {
        self.library = library
        self.package = package
        self.kind = kind
    }
}

/// Why a secure connection to the service was not made.
public enum InsecureConnectionReason: Equatable, Sendable {
    /// Its certificate is not signed by an authority this machine trusts.
    case untrustedCertificate
    /// Its certificate has expired, or is not valid yet.
    case expiredCertificate
    /// Its certificate names another host.
    case wrongHost
    /// The server at the address answered, but not with TLS (a plain-http server).
    case notTLS
    /// The handshake failed otherwise; the transport's words.
    case handshakeFailed(String)
}
