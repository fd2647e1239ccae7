import Foundation

extension NetworkError: CustomStringConvertible {
    /// The failure in words, for a diagnostic line such as `-v`'s: never a Swift value dump.
    public var description: String {
        switch self {
        case .httpStatus(let failure): "HTTP \(failure.statusCode)"
        case .notConnected: "not connected to a network"
        case .hostNotFound: "host not found"
        case .cannotConnect: "connection refused or not possible"
        case .connectionLost: "the connection broke off mid-answer"
        case .timedOut: "timed out"
        case .tls(let failure): "TLS: \(failure)"
        case .cancelled: "cancelled"
        case .invalidResponse: "not a readable HTTP response"
        case .contentDecodingFailed: "the compressed body is corrupt"
        case .responseTooLarge(let limit): "the body is larger than \(limit) bytes"
        case .redirectRejected(let reason): "redirect not followed: \(reason)"
        case .headersTooLarge: "the answer's headers are too large"
        case .proxyRefused(let refusal):
            "the proxy\(refusal.variable.map { " (\($0))" } ?? "") answered HTTP \(refusal.statusCode)"
        case .libraryUnavailable(let problem): "\(problem)"
        case .tooManyOpenFiles: "too many open files"
        case .rateBudgetExhausted(let wait, let rate):
            "not sent: the request budget (\(rate.wording)) has no slot for \(wait.wholeSecondsUp) s"
        case .notCached: "not in the cache"
        case .urlGeneration: "the request's URL could not be formed"
        case .other(let detail): detail
        }
    }
}

extension Duration {
    /// Whole seconds, rounded up: a wait of 0.2 s is said as 1 s, never 0.
    var wholeSecondsUp: Int64 {
        let (seconds, attoseconds) = components
        return seconds + (attoseconds > 0 ? 1 : 0)
    }
}

extension TLSFailure: CustomStringConvertible {
    /// The certificate problem in words.
    public var description: String {
        switch self {
        case .untrustedCertificate: "the certificate is not signed by a trusted authority"
        case .expiredCertificate: "the certificate has expired or is not valid yet"
        case .wrongHost: "the certificate is for another host"
        case .notTLS: "the server did not answer with TLS"
        case .handshakeFailed(let detail): "the handshake failed (\(detail))"
        }
    }
}

extension LibraryProblem: CustomStringConvertible {
    /// The problem in words, naming the library.
    public var description: String {
        switch kind {
        case .missing(let reason): "cannot load \(library): \(reason)"
        case .tooOld(let found, let needed): "\(library) is version \(found); \(needed) or later is needed"
        case .failedToStart(let reason): "\(library) did not start: \(reason)"
        }
    }
}
