import Platform

#if os(Linux)
    import Foundation
    import Synchronization

    /// One request as the engine's thread drives it: one easy handle per hop, redirects checked and
    /// followed here, the caller's continuation resumed once, with the answer or why there is none.
    final class CurlTransfer: @unchecked Sendable {  // its exchange state is touched by the engine's thread only
        struct Settings: Sendable {
            let timeout: TimeInterval
            let maximumBodyBytes: Int
            let maximumRedirects: Int
            let caFile: String?
            let caDirectory: String?
            /// Keep connections, host names and TLS sessions for later requests (`false` makes a
            /// new connection and a full handshake each time, as for a benchmark's baseline).
            var reusesConnections = true
            /// The proxy variables of the environment (libcurl reads them itself; these name the
            /// one in effect when a proxy refuses).
            var proxyEnvironment: [String: String] = [:]
        }

        /// What comes after a hop: an exchange to add to the multi handle, or the end.
        enum Hop {
            case exchange(LibCurl.Handle)
            case finished(Result<(Data, HTTPResponse), any Error>)
        }

        typealias Continuation = CheckedContinuation<(Data, HTTPResponse), any Error>

        let curl: LibCurl
        private let share: LibCurl.Handle?
        private let request: HTTPRequest
        let settings: Settings

        /// The caller waiting, or whether it gave up first; the caller's thread and the engine's
        /// both reach it.
        private let waiter = Mutex(Waiter())

        private struct Waiter {
            var continuation: Continuation?
            var isCancelled = false
            var isFinished = false
        }

        // Touched only by the engine's thread (and libcurl's callbacks on it).
        var body = Data()
        var headers: [String: String] = [:]
        var failure: NetworkError?
        /// Whether the current exchange received a status line (a proxy's or the server's).
        var sawStatusLine = false
        /// The bytes of headers the current exchange received, every response's (100 Continue's too).
        var headerBytes = 0
        private var url: URL
        private var method: HTTPMethod
        private var requestBody: Data?
        private var redirects = 0
        private var deadline = Date()
        private var headerList: OpaquePointer?
        private let errorBuffer: UnsafeMutablePointer<CChar>

        /// - Parameters:
        ///   - curl: The library.
        ///   - share: The share handle to join, unless settings ask for fresh connections.
        ///   - request: The request.
        ///   - settings: Limits, certificate authorities and reuse.
        init(curl: LibCurl, share: LibCurl.Handle?, request: HTTPRequest, settings: Settings) {
            self.curl = curl
            self.share = share
            self.request = request
            self.settings = settings
            url = request.url
            method = request.method
            requestBody = request.body
            errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)  // CURL_ERROR_SIZE
            errorBuffer.initialize(repeating: 0, count: 256)
        }

        deinit {
            curl.slistFreeAll(headerList)
            errorBuffer.deallocate()
        }

        // MARK: The caller's side

        /// Keeps the caller's continuation, unless it gave up already.
        /// - Returns: `false` when the transfer was cancelled first (the continuation is then resumed).
        func wait(with continuation: Continuation) -> Bool {
            let cancelled = waiter.withLock { waiter in
                if !waiter.isCancelled { waiter.continuation = continuation }
                return waiter.isCancelled
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
            return !cancelled
        }

        /// Marks the transfer abandoned.
        /// - Returns: Whether the engine has it (and should drop it).
        func markCancelled() -> Bool {
            waiter.withLock { waiter in
                waiter.isCancelled = true
                return waiter.continuation != nil && !waiter.isFinished
            }
        }

        /// Resumes the caller with the result; only the first call counts.
        func complete(_ result: Result<(Data, HTTPResponse), any Error>) {
            let continuation = waiter.withLock { waiter -> Continuation? in
                defer {
                    waiter.continuation = nil
                    waiter.isFinished = true
                }
                return waiter.continuation
            }
            continuation?.resume(with: result)
        }

        // MARK: The engine's side

        /// The first exchange.
        func begin() -> Hop {
            if waiter.withLock({ $0.isFinished }) { return .finished(.failure(CancellationError())) }
            for (name, value) in request.headers where !value.isEmpty {
                headerList = curl.slistAppend(headerList, "\(name): \(value)")
            }
            if request.body != nil { headerList = curl.slistAppend(headerList, "Expect:") }
            // The exact limit is `DefaultNetworkService`'s, which cancels the transfer; libcurl's own
            // timer is a backstop a second later, for callers that use the engine alone.
            deadline = Date(timeIntervalSinceNow: max(settings.timeout, request.timeout) + 1)
            return exchange()
        }

        /// An easy handle for the current URL, method and body.
        private func exchange() -> Hop {
            let milliseconds = Int(deadline.timeIntervalSinceNow * 1000)
            guard milliseconds > 0 else { return .finished(.failure(NetworkError.timedOut)) }
            guard let easy = curl.easyInit() else {
                return .finished(.failure(NetworkError.other("libcurl could not start")))
            }
            body = Data()
            headers = [:]
            failure = nil
            sawStatusLine = false
            headerBytes = 0
            errorBuffer[0] = 0
            configure(easy, url: url, method: method, body: requestBody, headerList: headerList)
            _ = curl.setPointer(easy, CurlOption.errorBuffer, errorBuffer)
            _ = curl.setLong(easy, CurlOption.timeoutMilliseconds, milliseconds)
            _ = curl.setLong(easy, CurlOption.connectTimeoutMilliseconds, milliseconds)
            if settings.reusesConnections, let share {
                _ = curl.setPointer(easy, CurlOption.share, UnsafeRawPointer(share))
            } else {
                _ = curl.setLong(easy, CurlOption.freshConnect, 1)
                _ = curl.setLong(easy, CurlOption.forbidReuse, 1)
            }
            return .exchange(easy)
        }

        /// What an exchange that libcurl finished with `code` leads to: the answer, a failure, or
        /// the exchange with where a redirect points. The caller then cleans `easy` up.
        func finish(_ easy: LibCurl.Handle, code: Int32) -> Hop {
            switch hopResult(easy, code: code) {
            case .failure(let error):
                return .finished(.failure(error))
            case .success(let (status, location)):
                guard [301, 302, 303, 307, 308].contains(status), let location else {
                    return .finished(.success((body, HTTPResponse(url: url, statusCode: status, headers: headers))))
                }
                redirects += 1
                let next = URL(string: location)
                if let reason = SessionLimits.rejection(
                    from: url, to: next, count: redirects, maximum: settings.maximumRedirects)
                {
                    return .finished(.failure(NetworkError.redirectRejected(reason)))
                }
                guard let next else {
                    return .finished(.failure(NetworkError.redirectRejected("a redirect to an invalid URL")))
                }
                url = next
                if status == 303 || (method == .post && status < 307) {
                    method = .get
                    requestBody = nil
                }
                return exchange()
            }
        }

        /// One exchange's status and, for a redirect, where it points.
        private func hopResult(_ easy: LibCurl.Handle, code: Int32) -> Result<(Int, String?), any Error> {
            if let failure { return .failure(failure) }
            let fileSizeExceeded: Int32 = 63  // a declared Content-Length over CURLOPT_MAXFILESIZE_LARGE
            if code == fileSizeExceeded {
                return .failure(NetworkError.responseTooLarge(limit: settings.maximumBodyBytes))
            }
            guard code == 0 else {
                if let refusal = proxyRefusal(easy) { return .failure(NetworkError.proxyRefused(refusal)) }
                // libcurl refuses a header line over 100 KB: CURLE_TOO_LARGE since 8.6, before that
                // CURLE_OUT_OF_MEMORY once the status line had come (its header buffer's cap).
                let outOfMemory: Int32 = 27
                let tooLarge: Int32 = 100
                if code == tooLarge || (code == outOfMemory && sawStatusLine) {
                    return .failure(NetworkError.headersTooLarge)
                }
                var verifyResult = 0
                _ = curl.getLong(easy, CurlInfo.sslVerifyResult, &verifyResult)
                let detail = String(cString: errorBuffer)
                let message = detail.isEmpty ? curl.describe(code) : detail
                return .failure(
                    CurlNetworkSessionManager.networkError(code: code, message: message, verifyResult: verifyResult))
            }
            var status = 0
            _ = curl.getLong(easy, CurlInfo.responseCode, &status)
            guard status > 0 else { return .failure(NetworkError.invalidResponse) }
            // A proxy forwarding plain http answers 407 itself, as the response.
            if status == 407, let variable = ProxyRefusal.variable(for: url, in: settings.proxyEnvironment) {
                return .failure(NetworkError.proxyRefused(ProxyRefusal(statusCode: status, variable: variable)))
            }
            var location: UnsafePointer<CChar>?
            _ = curl.getString(easy, CurlInfo.redirectURL, &location)
            return .success((status, location.map { String(cString: $0) }))
        }

        /// A proxy's refusal to open the tunnel (its answer to `CONNECT` was not 2xx), if that is
        /// why the exchange failed.
        private func proxyRefusal(_ easy: LibCurl.Handle) -> ProxyRefusal? {
            var connectStatus = 0
            guard curl.getLong(easy, CurlInfo.httpConnectCode, &connectStatus) == 0, connectStatus >= 300 else {
                return nil
            }
            return ProxyRefusal(
                statusCode: connectStatus, variable: ProxyRefusal.variable(for: url, in: settings.proxyEnvironment))
        }
    }
#endif
