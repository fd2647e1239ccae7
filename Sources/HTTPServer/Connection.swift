#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One client connection, served on its own thread: read a request head (within the idle and
/// header deadlines), answer it, and again while the connection is kept alive.
struct Connection {
    private let descriptor: Int32
    private let remoteAddress: String
    private let core: ServerCore
    private var configuration: HTTPServerConfiguration { core.configuration }
    /// Received bytes not yet consumed are `buffer[start..<end]`; the head's end was looked for
    /// up to `scanned` already.
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var scanned = 0
    private var head = ResponseHead()
    private var served = 0
    private let executor = ConnectionExecutor()
    /// Whether the core counts it as waiting for a request (a new connection is, from admission).
    private var markedIdle = true

    private enum HeadRead {
        case head(Range<Int>)
        case closed
        case refused(Int)
    }

    init(descriptor: Int32, remoteAddress: String, core: ServerCore) {
        self.descriptor = descriptor
        self.remoteAddress = remoteAddress
        self.core = core
        self.buffer = [UInt8](repeating: 0, count: max(core.configuration.maximumHeaderBytes, 64))
    }

    /// Serves requests until the connection closes.
    mutating func run() {
        while true {
            switch nextHead() {
            case .closed:
                return
            case .refused(let status):
                refuse(RequestRejection(status: status), began: .now)
                return
            case .head(let range):
                let began = ContinuousClock.now
                let parsed = buffer.withUnsafeBufferPointer {
                    RequestHeadParser.parse(UnsafeBufferPointer(rebasing: $0[range]), remoteAddress: remoteAddress)
                }
                consume(upTo: range.upperBound)
                switch parsed {
                case .failure(let rejection):
                    refuse(rejection, began: began)
                    return
                case .success(let parsedHead):
                    served += 1
                    guard answer(parsedHead, began: began) else { return }
                }
            }
        }
    }

    /// Calls the handler and writes its response. Returns whether the connection stays open.
    private mutating func answer(_ parsed: ParsedHead, began: ContinuousClock.Instant) -> Bool {
        guard
            var response = HandlerCall.run(
                core.handler, parsed.request, on: executor, timeout: configuration.handlerTimeout)
        else {
            refuse(
                RequestRejection(status: 503, method: parsed.request.method, target: parsed.request.target),
                began: began)
            return false
        }
        if !(200...599).contains(response.status) {
            response = HTTPServerResponse(status: 500)
        }
        let handlerCloses = response.headers.contains {
            HTTPHeaders.sameName($0.name, "connection") && ASCII.list($0.value, contains: "close")
        }
        let closes =
            parsed.wantsClose || handlerCloses || served >= configuration.maximumRequestsPerConnection
            || core.isStopping
        let connection = closes ? "close" : (parsed.request.version == "HTTP/1.0" ? "keep-alive" : nil)
        let sendsBody = !parsed.isHead && !HTTPStatus.hasNoBody(response.status)
        head.make(
            status: response.status, headers: response.headers, contentLength: response.body.count,
            connection: connection)
        let deadline = ContinuousClock.now + configuration.writeTimeout
        let written = Socket.sendAll(
            descriptor, head: head.bytes, body: sendsBody ? response.body : [], until: deadline)
        core.log?(
            HTTPAccessLogEntry(
                remoteAddress: remoteAddress, method: parsed.request.method, target: parsed.request.target,
                status: response.status, bytes: sendsBody ? response.body.count : 0, duration: began.duration(to: .now),
                completed: written))
        if !written { Socket.resetOnClose(descriptor) }
        return written && !closes
    }

    /// Answers a request the server refuses itself, in the handler's words, then closes gently:
    /// what the client still sends is read and dropped for a moment, so that closing does not
    /// reset the connection and lose the answer.
    private mutating func refuse(_ rejection: RequestRejection, began: ContinuousClock.Instant) {
        let answer = core.handler.refusal(rejection.refusal)
        head.make(
            status: rejection.status, headers: answer.headers, contentLength: answer.body.count, connection: "close")
        let sent = rejection.method == "HEAD" ? [] : answer.body
        let written = Socket.sendAll(
            descriptor, head: head.bytes, body: sent, until: .now + configuration.writeTimeout)
        core.log?(
            HTTPAccessLogEntry(
                remoteAddress: remoteAddress, method: rejection.method, target: rejection.target,
                status: rejection.status, bytes: written ? sent.count : 0, duration: began.duration(to: .now),
                completed: written))
        guard written else {
            Socket.resetOnClose(descriptor)
            return
        }
        shutdown(descriptor, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + min(configuration.headerTimeout, .seconds(1))
        var drained = 0
        while drained < 1 << 20 {
            let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if received > 0 {
                drained += received
            } else if received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return
            } else if errno != EINTR,
                Socket.wait(descriptor, for: Int16(POLLIN), wake: core.wakeRead, until: deadline) != .ready
            {
                return
            }
        }
    }

    /// Reads until a whole request head is in the buffer, the connection closes or idles out,
    /// the head takes too long or grows too large, or the server stops.
    private mutating func nextHead() -> HeadRead {
        let idleDeadline = ContinuousClock.now + configuration.idleTimeout
        var headDeadline: ContinuousClock.Instant?
        while true {
            skipLineEnds()
            if start < end, headDeadline == nil { headDeadline = .now + configuration.headerTimeout }
            if let headEnd = findHeadEnd() { return .head(start..<headEnd) }
            if end - start >= buffer.count {
                return .refused(buffer[start..<end].contains(ASCII.lineFeed) ? 431 : 414)
            }
            if end == buffer.count { compact() }
            let received = buffer.withUnsafeMutableBytes { bytes in
                recv(descriptor, bytes.baseAddress.map { $0 + end }, bytes.count - end, 0)
            }
            if received > 0 {
                end += received
                if markedIdle {
                    markedIdle = false
                    // Made room for a new connection meanwhile: what came is not answered.
                    guard core.setIdle(descriptor, false) else { return .closed }
                }
                continue
            }
            if received == 0 { return .closed }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK, !core.isStopping else { return .closed }
            let deadline = headDeadline ?? idleDeadline
            if headDeadline == nil, !markedIdle {
                guard core.setIdle(descriptor, true) else { return .closed }
                markedIdle = true
            }
            switch Socket.wait(descriptor, for: Int16(POLLIN), wake: core.wakeRead, until: deadline) {
            case .ready: continue
            case .timedOut: return headDeadline == nil ? .closed : .refused(408)
            case .woken, .failed: return .closed
            }
        }
    }

    /// Drops the empty lines a client may send before a request line (RFC 9112 §2.2).
    private mutating func skipLineEnds() {
        while start < end, buffer[start] == ASCII.carriageReturn || buffer[start] == ASCII.lineFeed {
            start += 1
        }
        if start == end {
            start = 0
            end = 0
        }
        scanned = max(scanned, start)
    }

    /// Where the head ends (after the empty line: LF LF or LF CR LF), or `nil` while it has not
    /// all arrived. Only bytes not looked at before are scanned.
    private mutating func findHeadEnd() -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            var index = scanned
            while index < end {
                if bytes[index] == ASCII.lineFeed {
                    guard index + 1 < end else { break }
                    if bytes[index + 1] == ASCII.lineFeed { return index + 2 }
                    if bytes[index + 1] == ASCII.carriageReturn {
                        guard index + 2 < end else { break }
                        if bytes[index + 2] == ASCII.lineFeed { return index + 3 }
                    }
                }
                index += 1
            }
            scanned = index
            return nil
        }
    }

    private mutating func consume(upTo headEnd: Int) {
        start = headEnd
        scanned = headEnd
        if start == end {
            start = 0
            end = 0
            scanned = 0
        }
    }

    /// Moves the unconsumed bytes to the buffer's front, making room to read.
    private mutating func compact() {
        guard start > 0 else { return }
        let count = end - start
        buffer.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            (base).update(from: base + start, count: count)
        }
        scanned -= start
        end = count
        start = 0
    }
}
