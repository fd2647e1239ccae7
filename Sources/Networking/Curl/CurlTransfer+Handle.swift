import Platform

#if os(Linux)
    import Foundation

    /// How an exchange is set up on its easy handle, and the callbacks libcurl calls with the
    /// answer's body and header lines (both bounded, so an answer can never grow without end).
    extension CurlTransfer {
        func configure(
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

        static let receiveBody: LibCurl.WriteCallback = { data, size, count, context in
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

        static let receiveHeader: LibCurl.WriteCallback = { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            guard length > 0, let data else { return length }
            // Counted here, so the limit is exact whatever libcurl's own (one line of 100 KB, in
            // some versions only; none for many small lines) and its error for it.
            transfer.headerBytes += length
            guard transfer.headerBytes <= SessionLimits.maximumHeaderBytes else {
                transfer.failure = .headersTooLarge
                return 0  // stops the transfer
            }
            let line = String(
                decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self
            ).trimmingWhitespace()
            if line.hasPrefix("HTTP/") {
                transfer.sawStatusLine = true
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
