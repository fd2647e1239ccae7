import Foundation

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
    /// The process (or the system) has no file descriptor left, so no connection could be
    /// opened (EMFILE, ENFILE).
    case tooManyOpenFiles
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
    /// The handshake failed otherwise; the transport's description.
    case handshakeFailed(String)
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
