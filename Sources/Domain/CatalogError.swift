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
    /// The connection broke before the whole answer arrived.
    case connectionLost
    /// The service answered with a server error.
    case serviceUnavailable(statusCode: Int)
    /// The service did not answer in time.
    case timedOut
    /// The service refused because of too many requests.
    case rateLimited(retryAfter: TimeInterval?)
    /// The service rejected the query; its own message, when it gave one.
    case rejectedQuery(message: String?)
    /// The service answered, but not in a form that could be read.
    case unreadableResponse(reason: String)
    /// This machine ran out of file descriptors (the process's open-file limit, or the system's).
    case tooManyOpenFiles
    /// The caller cancelled.
    case cancelled
}

/// Why a secure connection to the service was not made.
public enum InsecureConnectionReason: Equatable, Sendable {
    /// Its certificate is not signed by an authority this machine trusts.
    case untrustedCertificate
    /// Its certificate has expired, or is not valid yet.
    case expiredCertificate
    /// Its certificate names another host.
    case wrongHost
    /// The handshake failed otherwise; the transport's words.
    case handshakeFailed(String)
}
