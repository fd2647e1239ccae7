// The engine of Apple platforms. On Linux it is compiled only into debug builds, so that the
// tests can run against it too: FoundationNetworking links libcurl and its dependencies into
// every run of a binary, and the release build uses `CurlNetworkSessionManager` instead.
#if canImport(Darwin) || URLSESSION_ENGINE
    import Foundation
    import Synchronization

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A `NetworkSessionManager` over an ephemeral `URLSession`: no cookies, no URL cache.
    ///
    /// It guards against hostile answers: a body larger than `maximumBodyBytes` stops the transfer
    /// at once (`NetworkError.responseTooLarge`), and redirects are followed only to http(s), never
    /// from https down to http, and at most `maximumRedirects` times (`NetworkError.redirectRejected`).
    /// Cancelling the calling task cancels the `URLSessionDataTask` itself.
    public final class URLSessionNetworkSessionManager: NetworkSessionManager {
        private let session: URLSession
        private let delegate: TransferDelegate
        private let backstopTimeout: TimeInterval
        private let proxyEnvironment: [String: String]

        /// - Parameters:
        ///   - timeout: Seconds a request may take, in all.
        ///   - maximumBodyBytes: Larger bodies fail with `responseTooLarge`.
        ///   - maximumRedirects: More redirects fail with `redirectRejected`.
        ///   - environment: The proxy variables that name a proxy answering 407 (FoundationNetworking
        ///     reads the process's own; Apple's URLSession uses the system's settings instead, and
        ///     then a 407 stays an HTTP status).
        public init(
            timeout: TimeInterval,
            maximumBodyBytes: Int = SessionLimits.maximumBodyBytes,
            maximumRedirects: Int = SessionLimits.maximumRedirects,
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) {
            #if canImport(FoundationNetworking)
                proxyEnvironment = environment.filter { $0.key.lowercased().hasSuffix("_proxy") }
            #else
                proxyEnvironment = [:]
            #endif
            #if canImport(FoundationNetworking)
                let configuration = FoundationNetworkingFolders.withoutStrayFolders {
                    URLSessionConfiguration.ephemeral
                }
            #else
                let configuration = URLSessionConfiguration.ephemeral
            #endif
            // The timeout itself is enforced exactly by `DefaultNetworkService`. URLSession's timers
            // are only a backstop, a second later: on Linux, FoundationNetworking arms its timer with
            // `Int(timeoutInterval) * 1000` ms, so 0.5 s became 0 (failing at once) and 1.5 s became 1.
            backstopTimeout = timeout.rounded(.up) + 1
            configuration.timeoutIntervalForRequest = backstopTimeout
            configuration.timeoutIntervalForResource = backstopTimeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            delegate = TransferDelegate(maximumBodyBytes: maximumBodyBytes, maximumRedirects: maximumRedirects)
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        }

        deinit {
            session.invalidateAndCancel()
        }

        public func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            var urlRequest = URLRequest(
                url: request.url, timeoutInterval: max(request.timeout.rounded(.up) + 1, backstopTimeout))
            urlRequest.httpMethod = request.method.rawValue
            urlRequest.httpBody = request.body
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            let task = session.dataTask(with: urlRequest)
            let (data, response) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    delegate.begin(task, continuation: continuation)
                    task.resume()
                    if Task.isCancelled { task.cancel() }
                }
            } onCancel: {
                task.cancel()
            }
            guard let http = response as? HTTPURLResponse else { throw NetworkError.invalidResponse }
            // A proxy forwarding plain http answers 407 itself, as the response.
            if http.statusCode == 407, let variable = ProxyRefusal.variable(for: request.url, in: proxyEnvironment) {
                throw NetworkError.proxyRefused(ProxyRefusal(statusCode: 407, variable: variable))
            }
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields { headers[name] = value }
            return (data, HTTPResponse(url: http.url, statusCode: http.statusCode, headers: headers))
        }

        /// Maps `URLSession`'s errors to the cases callers act on; anything unknown keeps its text.
        static func networkError(from error: any Error) -> any Error {
            if error is NetworkError || error is CancellationError { return error }
            guard let urlError = error as? URLError else { return NetworkError.other(String(describing: error)) }
            switch urlError.code {
            case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
                return NetworkError.notConnected
            case .cannotFindHost, .dnsLookupFailed:
                return NetworkError.hostNotFound
            case .cannotConnectToHost:
                return NetworkError.cannotConnect
            case .networkConnectionLost, .zeroByteResource:
                return NetworkError.connectionLost
            case .timedOut:
                return NetworkError.timedOut
            case .cancelled, .userCancelledAuthentication:
                return NetworkError.cancelled
            case .badServerResponse, .cannotParseResponse:
                return NetworkError.invalidResponse
            case .cannotDecodeRawData, .cannotDecodeContentData:
                return NetworkError.contentDecodingFailed
            case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
                return NetworkError.tls(.untrustedCertificate)
            case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
                return NetworkError.tls(.expiredCertificate)
            case .secureConnectionFailed:
                let detail = urlError.localizedDescription
                return NetworkError.tls(TLSFailure.isPlainAnswer(detail) ? .notTLS : .handshakeFailed(detail))
            default:
                return NetworkError.other(urlError.localizedDescription)
            }
        }
    }

    /// Collects each task's body and enforces the limits; resumes the caller when the task ends.
    private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
        private struct Transfer {
            let continuation: CheckedContinuation<(Data, URLResponse), any Error>
            var body = Data()
            var redirects = 0
            var failure: NetworkError?
        }

        private let maximumBodyBytes: Int
        private let maximumRedirects: Int
        /// Each running task's transfer, by task identifier.
        private let transfers = Mutex<[Int: Transfer]>([:])

        init(maximumBodyBytes: Int, maximumRedirects: Int) {
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumRedirects = maximumRedirects
        }

        func begin(_ task: URLSessionTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
            transfers.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation) }
        }

        /// Records why a task must stop; the first reason wins.
        private func fail(_ task: URLSessionTask, with failure: NetworkError) {
            transfers.withLock { transfers in
                if transfers[task.taskIdentifier]?.failure == nil { transfers[task.taskIdentifier]?.failure = failure }
            }
        }

        func urlSession(
            _ session: URLSession,
            dataTask: URLSessionDataTask,
            didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            if response.expectedContentLength > Int64(maximumBodyBytes) {
                fail(dataTask, with: .responseTooLarge(limit: maximumBodyBytes))
                completionHandler(.cancel)
            } else {
                completionHandler(.allow)
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let overLimit = transfers.withLock { transfers -> Bool in
                guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else { return false }
                guard transfer.body.count + data.count <= maximumBodyBytes else {
                    transfer.failure = .responseTooLarge(limit: maximumBodyBytes)
                    transfer.body = Data()
                    transfers[dataTask.taskIdentifier] = transfer
                    return true
                }
                transfer.body.append(data)
                transfers[dataTask.taskIdentifier] = transfer
                return false
            }
            if overLimit { dataTask.cancel() }
        }

        func urlSession(
            _ session: URLSession,
            task: URLSessionTask,
            willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            let redirects = transfers.withLock { transfers -> Int in
                transfers[task.taskIdentifier]?.redirects += 1
                return transfers[task.taskIdentifier]?.redirects ?? 0
            }
            if let reason = SessionLimits.rejection(
                from: response.url, to: request.url, count: redirects, maximum: maximumRedirects)
            {
                fail(task, with: .redirectRejected(reason))
                completionHandler(nil)
                task.cancel()
            } else {
                completionHandler(request)
            }
        }

        /// A transfer that fails after its headers, short of the length they declared, lost its
        /// connection (the transport reports this with an unspecific code) — unless it was
        /// cancelled or timed out: a stall mid-body is a timeout.
        private static func classify(_ error: any Error, received: Int, of response: URLResponse?) -> any Error {
            // FoundationNetworking reports libcurl's CURLE_BAD_CONTENT_ENCODING with no code of its
            // own (`.unknown`), only libcurl's text.
            if let urlError = error as? URLError, urlError.code == .unknown,
                urlError.localizedDescription.contains("content unencoding")
            {
                return NetworkError.contentDecodingFailed
            }
            // Nor libcurl's refusal of a header line over 100 KiB (CURLE_OUT_OF_MEMORY before 8.6,
            // CURLE_TOO_LARGE after), once the status line had come.
            if let urlError = error as? URLError, urlError.code == .unknown, response == nil,
                ["Out of memory", "too large"].contains(where: urlError.localizedDescription.contains)
            {
                return NetworkError.headersTooLarge
            }
            guard let response, response.expectedContentLength > Int64(received) else {
                return URLSessionNetworkSessionManager.networkError(from: error)
            }
            if let code = (error as? URLError)?.code, code == .cancelled || code == .timedOut {
                return URLSessionNetworkSessionManager.networkError(from: error)
            }
            return NetworkError.connectionLost
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
            if let failure = transfer.failure {
                transfer.continuation.resume(throwing: failure)
            } else if let error {
                transfer.continuation.resume(
                    throwing: Self.classify(error, received: transfer.body.count, of: task.response))
            } else if let response = task.response {
                transfer.continuation.resume(returning: (transfer.body, response))
            } else {
                transfer.continuation.resume(throwing: NetworkError.invalidResponse)
            }
        }
    }
#endif
