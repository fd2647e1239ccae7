import Platform

#if os(Linux)
    import Foundation

    /// A `NetworkSessionManager` that drives libcurl directly: the engine of Linux.
    ///
    /// Every request of the process goes through one `CurlEngine`: one multi handle on one thread
    /// that waits in `poll` (`curl_multi_poll`) until a socket is ready or a request arrives or is
    /// cancelled (`curl_multi_wakeup`): no busy-waiting, and cancelling the calling task drops its
    /// transfer at once. The engine keeps connections, looked-up host names and TLS sessions for
    /// the requests after, so a session's pages share one connection and one handshake. libcurl is
    /// loaded, and the engine started, on the first request, so a run answered from the cache
    /// never loads it.
    ///
    /// It holds the same rules as `URLSessionNetworkSessionManager`: a body larger than
    /// `maximumBodyBytes` stops the transfer (a declared `Content-Length` already at the headers),
    /// and redirects are followed only to http(s), never from https down to http, and at most
    /// `maximumRedirects` times. Proxies come from the environment exactly as curl reads them
    /// (libcurl reads `http_proxy`, `HTTPS_PROXY`, `ALL_PROXY`, `NO_PROXY`… itself); certificate
    /// authorities from `CURL_CA_BUNDLE`, else `SSL_CERT_FILE` and `SSL_CERT_DIR`, as curl does.
    /// Compressed answers are asked for and decoded (every encoding the library supports).
    public final class CurlNetworkSessionManager: NetworkSessionManager {
        private let settings: CurlTransfer.Settings

        /// - Parameters:
        ///   - timeout: Seconds a request may take, in all, redirects included; enforced exactly by
        ///     `DefaultNetworkService` above, and here as a backstop a second later.
        ///   - maximumBodyBytes: Larger bodies fail with `responseTooLarge`.
        ///   - maximumRedirects: More redirects fail with `redirectRejected`.
        ///   - environment: Where the certificate-authority variables are read, and the proxy
        ///     variables that name a refusing proxy (libcurl reads the process's own).
        ///   - reusesConnections: Keep connections and TLS sessions for later requests; `false`
        ///     makes a new connection and a full handshake for each (a benchmark's baseline).
        public init(
            timeout: TimeInterval,
            maximumBodyBytes: Int = SessionLimits.maximumBodyBytes,
            maximumRedirects: Int = SessionLimits.maximumRedirects,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            reusesConnections: Bool = true
        ) {
            let authorities = Self.certificateAuthorities(in: environment)
            settings = CurlTransfer.Settings(
                timeout: timeout,
                maximumBodyBytes: maximumBodyBytes,
                maximumRedirects: maximumRedirects,
                caFile: authorities.file,
                caDirectory: authorities.directory,
                reusesConnections: reusesConnections,
                proxyEnvironment: environment.filter { $0.key.lowercased().hasSuffix("_proxy") }
            )
        }

        public func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            let engine = try CurlEngine.shared.get()
            let transfer = CurlTransfer(curl: engine.curl, share: engine.share, request: request, settings: settings)
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    if transfer.wait(with: continuation) { engine.submit(transfer) }
                }
            } onCancel: {
                if transfer.markCancelled() { engine.cancel(transfer) }
            }
        }

        /// The CA bundle and directory curl would use: `CURL_CA_BUNDLE`, else `SSL_CERT_FILE` and
        /// `SSL_CERT_DIR` (OpenSSL's own variables); empty values count as unset.
        /// - Parameter environment: The process environment.
        /// - Returns: The file and directory, `nil` for the library's defaults.
        static func certificateAuthorities(in environment: [String: String]) -> (file: String?, directory: String?) {
            func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
            if let bundle = value("CURL_CA_BUNDLE") { return (bundle, nil) }
            return (value("SSL_CERT_FILE"), value("SSL_CERT_DIR"))
        }

        /// What a failed transfer means, from libcurl's code, its message and the certificate
        /// check's result (an OpenSSL `X509_V_ERR_…` number).
        static func networkError(code: Int32, message: String, verifyResult: Int) -> NetworkError {
            switch code {
            case 5, 6: return .hostNotFound  // COULDNT_RESOLVE_PROXY, COULDNT_RESOLVE_HOST
            case 7, 97: return .cannotConnect  // COULDNT_CONNECT, PROXY
            case 28: return .timedOut  // OPERATION_TIMEDOUT
            case 18, 55, 56, 16, 92: return .connectionLost  // PARTIAL_FILE, SEND/RECV_ERROR, HTTP2(_STREAM)
            case 8, 52, 1: return .invalidResponse  // WEIRD_SERVER_REPLY, GOT_NOTHING, UNSUPPORTED_PROTOCOL
            case 61: return .contentDecodingFailed  // BAD_CONTENT_ENCODING: a body that does not decompress
            case 42: return .cancelled  // ABORTED_BY_CALLBACK
            case 60, 83: return .tls(certificateFailure(message: message, verifyResult: verifyResult))
            case 35, 53, 54, 58, 59, 64, 66, 77, 80, 82, 90, 91, 98:
                return .tls(TLSFailure.isPlainAnswer(message) ? .notTLS : .handshakeFailed(message))
            default: return .other(message)
            }
        }

        private static func certificateFailure(message: String, verifyResult: Int) -> TLSFailure {
            let lowered = message.lowercased()
            switch verifyResult {
            case 9, 10: return .expiredCertificate  // CERT_NOT_YET_VALID, CERT_HAS_EXPIRED
            case 62, 64: return .wrongHost  // HOSTNAME_MISMATCH, IP_ADDRESS_MISMATCH
            default: break
            }
            // libcurl checks the name itself after OpenSSL accepted the chain; other TLS
            // libraries report only in words.
            if ["host name", "hostname", "subject name"].contains(where: lowered.includes) {
                return .wrongHost
            }
            if ["expired", "not yet valid"].contains(where: lowered.includes) { return .expiredCertificate }
            return .untrustedCertificate
        }
    }
#endif
