import Domain
import Foundation
import Networking

extension CatalogError {
    /// What a data-transfer failure means to a user of the iTunes API.
    /// - Parameter error: The failure of one request.
    init(_ error: DataTransferError) {
        switch error {
        case .networkFailure(.httpStatus(let failure)):
            self.init(failure)
        case .networkFailure(let networkError):
            self.init(networkError)
        case .parsing(.htmlPage):
            self = .unreadableResponse(reason: "the service sent an HTML page instead of JSON")
        case .parsing(.malformed):
            self = .unreadableResponse(reason: "the service's answer is not valid JSON")
        case .parsing(.unexpectedShape(let detail)):
            self = .unreadableResponse(reason: "the service's answer has an unexpected shape (\(detail))")
        case .noResponse:
            self = .unreadableResponse(reason: "the service sent an empty answer")
        }
    }

    private init(_ failure: HTTPFailure) {
        if failure.statusCode == 400 {
            let message = try? JSONResponseDecoder().decode(failure.body, as: ErrorResponseDTO.self).errorMessage
            self = .rejectedQuery(message: message)
        } else if APIEndpoints.rateLimitStatusCodes.contains(failure.statusCode) {
            self = .rateLimited(retryAfter: failure.retryAfter())
        } else {
            self = .serviceUnavailable(statusCode: failure.statusCode)
        }
    }

    private init(_ error: NetworkError) {
        switch error {
        case .notConnected: self = .offline
        case .notCached: self = .notAvailableOffline
        case .rateBudgetExhausted(let wait, let rate):
            let (seconds, attoseconds) = wait.components
            self = .requestBudgetSpent(
                retryAfter: TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18, rate: rate.wording)
        case .timedOut: self = .timedOut
        case .cancelled: self = .cancelled
        case .invalidResponse: self = .unreadableResponse(reason: "the answer was not a readable HTTP response")
        case .contentDecodingFailed:
            self = .unreadableResponse(reason: "the answer's compressed body is corrupt and cannot be unpacked")
        case .responseTooLarge(let limit):
            self = .unreadableResponse(reason: "the answer is larger than \(limit / 1_048_576) MiB, so reading stopped")
        case .httpStatus(let failure): self.init(failure)
        case .connectionLost: self = .connectionLost
        case .headersTooLarge: self = .unreadableResponse(reason: "the service's answer has headers too large to read")
        case .proxyRefused(let refusal) where refusal.statusCode == 407:
            self = .proxyNeedsCredentials(variable: refusal.variable)
        case .proxyRefused(let refusal):
            self = .proxyRefused(statusCode: refusal.statusCode, variable: refusal.variable)
        case .libraryUnavailable(let problem): self = .requiredLibraryUnavailable(RequiredLibraryProblem(problem))
        case .tooManyOpenFiles: self = .tooManyOpenFiles
        case .tls(let failure): self = .insecureConnection(InsecureConnectionReason(failure))
        case .redirectRejected(let reason): self = .redirectRefused(reason: reason)
        case .hostNotFound, .cannotConnect, .urlGeneration, .other: self = .serviceUnreachable
        }
    }
}

extension RequiredLibraryProblem {
    init(_ problem: LibraryProblem) {
        let kind: Kind =
            switch problem.kind {
            case .missing: .notInstalled
            case .tooOld(let found, let needed): .tooOld(found: found, needed: needed)
            case .failedToStart(let reason): .broken(reason: reason)
            }
        self.init(library: problem.library, package: problem.package, kind: kind)
    }
}

extension InsecureConnectionReason {
    init(_ failure: TLSFailure) {
        switch failure {
        case .untrustedCertificate: self = .untrustedCertificate
        case .expiredCertificate: self = .expiredCertificate
        case .wrongHost: self = .wrongHost
        case .notTLS: self = .notTLS
        case .handshakeFailed(let detail): self = .handshakeFailed(detail)
        }
    }
}
