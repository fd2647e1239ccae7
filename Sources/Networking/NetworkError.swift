import Foundation
import Platform

/// Why a request did not produce a successful (2xx) HTTP response.
public enum NetworkError: Error, Equatable, Sendable {
    /// The server answered with a status outside 200–299.
    case httpStatus(HTTPFailure)
    /// The machine has no network connection.
    case notConnected
    /// The host name could not be resolved.
    case hostNotFound
    /// The host refused or could not take the connection.
    case cannotConnect
    /// The connection broke before the whole response arrived.
    case connectionLost
    /// The request took longer than its timeout.
    case timedOut
    /// The secure connection failed: the server's certificate was refused, or the handshake broke.
    case tls(TLSFailure)
    /// The request was cancelled by the caller.
    case cancelled
    /// The answer was not a readable HTTP response.
    case invalidResponse
    /// The body's content coding (gzip, deflate) could not be undone: the data is corrupt, and
    /// asking again brings the same bytes.
    case contentDecodingFailed
    /// The body grew past the size limit; reading stopped there.
    case responseTooLarge(limit: Int)
    /// A redirect was not followed: too many, or to a scheme other than http(s), or from https to http.
    case redirectRejected(String)
    /// The answer's headers are larger than the transport reads (libcurl's limit is 100 KB).
    case headersTooLarge
    /// A proxy refused the request: it asked for credentials (407), or would not open the tunnel
    /// to the server (403, 502…).
    case proxyRefused(ProxyRefusal)
    /// The library the transport needs is missing, too old, or did not start.
    case libraryUnavailable(LibraryProblem)
    /// The process (or the system) has no file descriptor left, so no connection could be
    /// opened (EMFILE, ENFILE).
    case tooManyOpenFiles
    /// The request budget shared by the user's processes is spent for longer than the request
    /// would wait: it was not sent, and a slot is free after `retryAfter`. `rate` is the budget's.
    case rateBudgetExhausted(retryAfter: Duration, rate: RequestRate)
    /// Offline: nothing is stored for this request, so it was not sent.
    case notCached
    /// The endpoint and configuration did not form a valid URL.
    case urlGeneration(RequestGenerationError)
    /// Any other transport failure, described.
    case other(String)
}

/// Why a TLS connection was not made.
public enum TLSFailure: Equatable, Sendable {
    /// The certificate does not chain to a trusted certificate authority.
    case untrustedCertificate
    /// The certificate has expired, or is not valid yet.
    case expiredCertificate
    /// The certificate names another host.
    case wrongHost
    /// The server answered, but not with TLS: a plain-http server at an https address.
    case notTLS
    /// The handshake failed otherwise; the transport's description.
    case handshakeFailed(String)
}

extension TLSFailure {
    /// Whether a TLS library's words for a failed handshake mean the server answered in plain
    /// text (OpenSSL's `wrong version number` and `packet length too long`, GnuTLS's
    /// `unexpected TLS packet`).
    /// - Parameter message: The library's message.
    public static func isPlainAnswer(_ message: String) -> Bool {
        let lowered = message.lowercased()
        return ["wrong version number", "packet length too long", "unexpected tls packet"]
            .contains(where: lowered.includes)
    }
}

/// A proxy's refusal: its status and the environment variable that named the proxy.
public struct ProxyRefusal: Equatable, Sendable {
    /// The proxy's HTTP status: 407 asks for credentials; 403, 502… refuse the tunnel.
    public let statusCode: Int
    /// `https_proxy`, `HTTPS_PROXY`, `http_proxy`, `all_proxy` or `ALL_PROXY`: the one the
    /// transport read; `nil` when unknown.
    public let variable: String?

    public init(statusCode: Int, variable: String?) {
        self.statusCode = statusCode
        self.variable = variable
    }

    /// The variable curl reads the proxy for `url` from (`NO_PROXY` aside): `<scheme>_proxy`, then
    /// (except for http, whose upper-case form curl ignores) `<SCHEME>_PROXY`, then `all_proxy`,
    /// then `ALL_PROXY`; empty values count as unset.
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - environment: The process environment.
    /// - Returns: The variable's name, or `nil` when none is set.
    public static func variable(for url: URL, in environment: [String: String]) -> String? {
        let scheme = (url.scheme ?? "http").lowercased()
        var names = ["\(scheme)_proxy"]
        if scheme != "http" { names.append("\(scheme.uppercased())_PROXY") }
        names += ["all_proxy", "ALL_PROXY"]
        return names.first { environment[$0].map { !$0.isEmpty } ?? false }
    }
}

/// Why the transport's library cannot be used.
public struct LibraryProblem: Equatable, Sendable {
    /// What is wrong with it.
    public enum Kind: Equatable, Sendable {
        /// No library of that name could be loaded; the loader's words.
        case missing(reason: String)
        /// The library is older than the functions used need.
        case tooOld(found: String, needed: String)
        /// The library loaded but did not start; its words.
        case failedToStart(reason: String)
    }

    /// The library's file name, e.g. `libcurl.so.4`.
    public let library: String
    /// The package that installs it, as Debian and Ubuntu name it, e.g. `libcurl4`.
    public let package: String
    public let kind: Kind

    public init(library: String, package: String, kind: Kind) {
        self.library = library
        self.package = package
        self.kind = kind
    }
}

/// A non-2xx answer: its status, body and headers, kept for the layers above to interpret.
public struct HTTPFailure: Equatable, Sendable {
    public let statusCode: Int
    public let body: Data
    /// Header names are lower-cased.
    public let headers: [String: String]

    /// - Parameters:
    ///   - statusCode: The HTTP status.
    ///   - body: The response body, possibly empty.
    ///   - headers: The response headers; names are lower-cased here.
    public init(statusCode: Int, body: Data = Data(), headers: [String: String] = [:]) {
        self.statusCode = statusCode
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The value of a header, whatever the case of its name.
    /// - Parameter name: The header name.
    /// - Returns: The value, or `nil` when absent.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
