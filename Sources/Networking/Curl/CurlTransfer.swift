import Platform

#if os(Linux)
    import Foundation
    import Synchronization

    /// One request on its own thread: a multi handle, one easy handle per hop, redirects checked
    /// and followed here.
    final class CurlTransfer: @unchecked Sendable {
        struct Settings: Sendable {
            let timeout: TimeInterval
            let maximumBodyBytes: Int
            let maximumRedirects: Int
            let caFile: String?
            let caDirectory: String?
        }

        private let curl: LibCurl
        private let request: HTTPRequest
        private let settings: Settings

        /// Guards `cancelled` and `multi`, which the cancelling thread reads.
        private let lock = Mutex(())
        private var cancelled = false
        private var multi: LibCurl.Handle?

        // Touched only by the transfer's thread (and libcurl's callbacks on it).
        private var body = Data()
        private var headers: [String: String] = [:]
        private var failure: NetworkError?

        init(curl: LibCurl, request: HTTPRequest, settings: Settings) {
            self.curl = curl
            self.request = request
            self.settings = settings
        }

        /// Stops the transfer: the waiting thread wakes and gives up.
        func cancel() {
            lock.withLock { _ in
                cancelled = true
                if let multi { _ = curl.multiWakeup(multi) }
            }
        }

        private var isCancelled: Bool { lock.withLock { _ in cancelled } }

        /// Performs the request, following redirects; blocks the calling thread.
        func run() -> Result<(Data, HTTPResponse), any Error> {
            guard let multi = curl.multiInit() else { return .failure(NetworkError.other("libcurl could not start")) }
            lock.withLock { _ in self.multi = multi }
            defer {
                lock.withLock { _ in self.multi = nil }
                _ = curl.multiCleanup(multi)
            }
            var headerList: OpaquePointer?
            for (name, value) in request.headers where !value.isEmpty {
                headerList = curl.slistAppend(headerList, "\(name): \(value)")
            }
            if request.body != nil { headerList = curl.slistAppend(headerList, "Expect:") }
            defer { curl.slistFreeAll(headerList) }

            // The exact limit is `DefaultNetworkService`'s, which cancels the transfer; libcurl's own
            // timer is a backstop a second later, for callers that use the engine alone.
            let deadline = Date(timeIntervalSinceNow: max(settings.timeout, request.timeout) + 1)
            var url = request.url
            var method = request.method
            var requestBody = request.body
            var redirects = 0
            while true {
                let milliseconds = Int(deadline.timeIntervalSinceNow * 1000)
                guard milliseconds > 0 else { return .failure(NetworkError.timedOut) }
                let hop = perform(
                    url: url, method: method, body: requestBody, headerList: headerList, milliseconds: milliseconds)
                guard case .success(let (status, location)) = hop else {
                    return hop.map { _ in (Data(), HTTPResponse(url: url, statusCode: 0)) }
                }
                guard [301, 302, 303, 307, 308].contains(status), let location else {
                    return .success((body, HTTPResponse(url: url, statusCode: status, headers: headers)))
                }
                redirects += 1
                let next = URL(string: location)
                if let reason = SessionLimits.rejection(
                    from: url, to: next, count: redirects, maximum: settings.maximumRedirects)
                {
                    return .failure(NetworkError.redirectRejected(reason))
                }
                guard let next else { return .failure(NetworkError.redirectRejected("a redirect to an invalid URL")) }
                url = next
                if status == 303 || (method == .post && status < 307) {
                    method = .get
                    requestBody = nil
                }
            }
        }

        /// One exchange; the status and, for a redirect, where it points.
        private func perform(
            url: URL, method: HTTPMethod, body requestBody: Data?, headerList: OpaquePointer?, milliseconds: Int
        ) -> Result<(Int, String?), any Error> {
            guard let easy = curl.easyInit() else { return .failure(NetworkError.other("libcurl could not start")) }
            let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)  // CURL_ERROR_SIZE
            errorBuffer.initialize(repeating: 0, count: 256)
            defer {
                curl.easyCleanup(easy)
                errorBuffer.deallocate()
            }
            body = Data()
            headers = [:]
            failure = nil
            configure(easy, url: url, method: method, body: requestBody, headerList: headerList)
            _ = curl.setPointer(easy, CurlOption.errorBuffer, errorBuffer)
            _ = curl.setLong(easy, CurlOption.timeoutMilliseconds, milliseconds)
            _ = curl.setLong(easy, CurlOption.connectTimeoutMilliseconds, milliseconds)

            let code: Int32
            switch wait(for: easy) {
            case .cancelled: return .failure(CancellationError())
            case .failed(let message): return .failure(NetworkError.other(message))
            case .done(let result): code = result
            }
            if let failure { return .failure(failure) }
            let fileSizeExceeded: Int32 = 63  // a declared Content-Length over CURLOPT_MAXFILESIZE_LARGE
            if code == fileSizeExceeded {
                return .failure(NetworkError.responseTooLarge(limit: settings.maximumBodyBytes))
            }
            guard code == 0 else {
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
            var location: UnsafePointer<CChar>?
            _ = curl.getString(easy, CurlInfo.redirectURL, &location)
            return .success((status, location.map { String(cString: $0) }))
        }

        private func configure(
            _ easy: LibCurl.Handle, url: URL, method: HTTPMethod, body requestBody: Data?, headerList: OpaquePointer?
        ) {
            let context = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            _ = curl.setPointer(easy, CurlOption.url, url.absoluteString)
            _ = curl.setLong(easy, CurlOption.protocols, 3)  // CURLPROTO_HTTP | CURLPROTO_HTTPS
            _ = curl.setLong(easy, CurlOption.noSignal, 1)
            _ = curl.setLong(easy, CurlOption.followLocation, 0)
            _ = curl.setPointer(easy, CurlOption.acceptEncoding, "")
            _ = curl.setOffset(easy, CurlOption.maxFileSize, Int64(settings.maximumBodyBytes))
            _ = curl.setPointer(easy, CurlOption.httpHeader, UnsafeRawPointer(headerList))
            _ = curl.setCallback(easy, CurlOption.writeFunction, Self.receiveBody)
            _ = curl.setPointer(easy, CurlOption.writeData, context)
            _ = curl.setCallback(easy, CurlOption.headerFunction, Self.receiveHeader)
            _ = curl.setPointer(easy, CurlOption.headerData, context)
            if let caFile = settings.caFile { _ = curl.setPointer(easy, CurlOption.caInfo, caFile) }
            if let caDirectory = settings.caDirectory { _ = curl.setPointer(easy, CurlOption.caPath, caDirectory) }
            if let requestBody {
                _ = curl.setOffset(easy, CurlOption.postFieldSize, Int64(requestBody.count))
                requestBody.withUnsafeBytes { _ = curl.setPointer(easy, CurlOption.copyPostFields, $0.baseAddress) }
            }
            switch (method, requestBody) {
            case (.get, nil): _ = curl.setLong(easy, CurlOption.httpGet, 1)
            case (.head, _): _ = curl.setLong(easy, CurlOption.noBody, 1)
            case (.post, _?): break
            default: _ = curl.setPointer(easy, CurlOption.customRequest, method.rawValue)
            }
        }

        private enum Completion {
            case done(Int32)
            case cancelled
            case failed(String)
        }

        /// Drives the transfer, waiting in `poll` between steps, until it ends or is cancelled.
        private func wait(for easy: LibCurl.Handle) -> Completion {
            guard let multi = lock.withLock({ _ in self.multi }) else { return .failed("libcurl could not start") }
            guard curl.multiAdd(multi, easy) == 0 else { return .failed("libcurl could not start the transfer") }
            defer { _ = curl.multiRemove(multi, easy) }
            var running: Int32 = 1
            while true {
                guard curl.multiPerform(multi, &running) == 0 else { return .failed("libcurl failed mid-transfer") }
                if isCancelled { return .cancelled }
                if running == 0 { break }
                var ready: Int32 = 0
                guard curl.multiPoll(multi, nil, 0, 1000, &ready) == 0 else {
                    return .failed("libcurl could not wait for the network")
                }
            }
            var queued: Int32 = 0
            while let message = curl.multiInfoRead(multi, &queued) {
                // struct CURLMsg { CURLMSG msg; CURL *easy_handle; union { void *; CURLcode result; } data; }
                let done: Int32 = 1  // CURLMSG_DONE
                if message.load(as: Int32.self) == done {
                    return .done(message.load(fromByteOffset: 2 * MemoryLayout<Int>.size, as: Int32.self))
                }
            }
            return .failed("libcurl ended the transfer without a result")
        }

        private static let receiveBody: LibCurl.WriteCallback = { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            guard length > 0, let data else { return length }
            guard transfer.body.count + length <= transfer.settings.maximumBodyBytes else {
                transfer.failure = .responseTooLarge(limit: transfer.settings.maximumBodyBytes)
                transfer.body = Data()
                return 0  // stops the transfer
            }
            transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
            return length
        }

        private static let receiveHeader: LibCurl.WriteCallback = { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            guard length > 0, let data else { return length }
            let line = String(
                decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self
            ).trimmingWhitespace()
            if line.hasPrefix("HTTP/") {
                transfer.headers = [:]  // a new response begins (after 100 Continue, or a proxy's CONNECT)
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingWhitespace()
                transfer.headers[name] = transfer.headers[name].map { "\($0), \(value)" } ?? value
            }
            return length
        }
    }
#endif
