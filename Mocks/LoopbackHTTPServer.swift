import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (or ::1), on a free port, for end-to-end tests: real sockets,
/// no packages. Each connection gets one answer chosen by the handler, then is closed; a server
/// that keeps connections alive answers every request a connection brings until a reply ends it.
/// Faults are answers too: close at once, reset, never answer, or a truncated body.
public final class LoopbackHTTPServer: Sendable {
    /// A request as received.
    public struct Request: Sendable, Equatable {
        public let method: String
        /// The request target: path and query, exactly as sent.
        public let target: String
        /// Header names lower-cased.
        public let headers: [String: String]
        /// Which connection brought it, counting from 0 in the order they were accepted.
        public let connection: Int
    }

    /// What to do with a request.
    public enum Reply: Sendable {
        /// A complete response; `Content-Length` is added.
        case response(status: Int, headers: [(String, String)] = [], body: Data = Data())
        /// Headers that promise `declaredLength` bytes, then only `body`, then close.
        case truncated(status: Int, declaredLength: Int, body: Data)
        /// These exact bytes, status line and headers included, then close.
        case raw(Data)
        /// Close the connection without a byte.
        case close
        /// Reset the connection (TCP RST).
        case reset
        /// Never answer; the connection stays open until the server stops.
        case stall
        /// Headers at once (declaring the whole body), then the body one byte every `byteInterval`
        /// seconds: a proxy that trickles, or with a long interval, a stall mid-body.
        case trickle(status: Int, body: Data, byteInterval: TimeInterval)
        /// `reply`, after `delay` seconds: a slow server.
        indirect case delayed(TimeInterval, Reply)
        /// On a server that keeps connections alive, `reply` as if the connection stayed open (no
        /// `Connection: close`), then close it without a word: a kept-alive connection that the
        /// server drops while it is idle.
        indirect case thenClose(Reply)

        /// A redirect to `location`, relative to the server or absolute.
        public static func redirect(to location: String, status: Int = 302) -> Reply {
            .response(status: status, headers: [("Location", location)])
        }

        /// A JSON (`text/javascript`, as iTunes sends) response.
        public static func json(_ body: Data, status: Int = 200) -> Reply {
            .response(status: status, headers: [("Content-Type", "text/javascript; charset=utf-8")], body: body)
        }
    }

    public typealias Handler = @Sendable (Request, _ index: Int) -> Reply

    public let port: UInt16
    /// Whether it listens on `::1` rather than `127.0.0.1`.
    public let isIPv6: Bool
    /// Whether a connection stays open for more requests after a complete response.
    public let keepsAlive: Bool
    /// Bytes sent on every connection as soon as it is accepted, before anything is read (the
    /// connection then closes): a plain-http server's answer to a TLS client hello, which holds
    /// no request line.
    private let greeting: Data?
    private let listener: Int32
    private let handler: Handler
    private let state = Locked(State())
    private let stopped = DispatchSemaphore(value: 0)
    private let arrived = DispatchSemaphore(value: 0)
    private let acceptLoopDone = DispatchGroup()

    private struct State {
        var requests: [Request] = []
        var connections = 0
        var isStopped = false
        var openConnections: Set<Int32> = []
    }

    /// The root URL to pass as `--base-url`.
    public var baseURL: URL {
        URL(string: "http://\(isIPv6 ? "[::1]" : "127.0.0.1"):\(port)/") ?? URL(fileURLWithPath: "/")
    }

    /// The requests received so far, in order.
    public var requests: [Request] { state.value.requests }

    /// How many connections were accepted so far.
    public var connectionCount: Int { state.value.connections }

    /// Starts listening.
    /// - Parameters:
    ///   - ipv6: Listen on `::1` instead of `127.0.0.1`.
    ///   - keepsAlive: Answer further requests on a connection after a complete response
    ///     (`.response`, or one `.delayed`); any other reply ends the connection. For requests
    ///     without a body only: a body would be read as the next request.
    ///   - greeting: Sent at once on every connection, which then closes; no request is read.
    ///   - handler: Chooses the reply to each request; `index` counts from 0.
    /// - Throws: `POSIXError` when the socket cannot be set up.
    public init(ipv6: Bool = false, keepsAlive: Bool = false, greeting: Data? = nil, handler: @escaping Handler)
        throws
    {
        self.handler = handler
        self.greeting = greeting
        self.isIPv6 = ipv6
        self.keepsAlive = keepsAlive
        let (listener, port) = try ipv6 ? Self.listenIPv6() : Self.listen()
        self.listener = listener
        self.port = port
        acceptLoopDone.enter()
        Thread.detachNewThread { [self] in
            acceptLoop()
            acceptLoopDone.leave()
        }
    }

    /// A server that gives every request the same reply.
    public convenience init(ipv6: Bool = false, keepsAlive: Bool = false, always reply: Reply) throws {
        try self.init(ipv6: ipv6, keepsAlive: keepsAlive) { _, _ in reply }
    }

    deinit {
        stop()
    }

    /// Blocks until `count` requests have arrived in all, or `timeout` passes. The default is
    /// generous: it is only reached when a test fails, and a loaded machine (or a busy test
    /// beside this one) can delay a request by many seconds.
    /// - Returns: Whether they arrived.
    public func waitForRequests(_ count: Int = 1, timeout: TimeInterval = 60) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while state.value.requests.count < count {
            guard arrived.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }

    /// `waitForRequests` for async code: it waits on a thread of its own, never blocking the
    /// cooperative or dispatch pools that the awaited request itself needs.
    public func requestsArrived(_ count: Int = 1, timeout: TimeInterval = 60) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: self.waitForRequests(count, timeout: timeout))
            }
        }
    }

    /// Stops accepting, releases stalled connections, and closes the listening socket.
    public func stop() {
        let alreadyStopped = state.withLock { state -> Bool in
            defer { state.isStopped = true }
            return state.isStopped
        }
        guard !alreadyStopped else { return }
        // Wake the accept loop and let it finish before closing: closed first, the descriptor
        // number could be reused by another server's socket, and the old loop would accept (and
        // drop) that server's connections.
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoopDone.wait()
        close(listener)
        for _ in 0..<64 { stopped.signal() }
        // Kept-alive connections end too (their threads close them): left open, a client's
        // connection cache would keep them, and a stopped server would still answer on them.
        state.withLock { state in
            for connection in state.openConnections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            if state.value.isStopped {
                close(connection)
                return
            }
            let number = state.withLock { state -> Int in
                defer { state.connections += 1 }
                state.openConnections.insert(connection)
                return state.connections
            }
            Thread.detachNewThread { [self] in serve(connection, number: number) }
        }
    }

    private func serve(_ connection: Int32, number: Int) {
        defer {
            // Out of the set before the number is closed (and free for reuse): `stop` shuts down
            // only descriptors still ours.
            _ = state.withLock { $0.openConnections.remove(connection) }
            close(connection)
        }
        if let greeting {
            Self.send(greeting, to: connection)
            return
        }
        var keepsOpen = true
        while keepsOpen, let head = Self.readRequest(from: connection) {
            let request = Request(method: head.method, target: head.target, headers: head.headers, connection: number)
            let index = state.withLock { state -> Int in
                state.requests.append(request)
                return state.requests.count - 1
            }
            arrived.signal()
            keepsOpen = answer(handler(request, index), on: connection) && keepsAlive
        }
    }

    /// Sends a reply.
    /// - Returns: Whether the connection may carry another request.
    @discardableResult
    private func answer(_ reply: Reply, on connection: Int32) -> Bool {
        switch reply {
        case .response(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(body.count)\r\n\(keepsAlive ? "" : "Connection: close\r\n")\r\n"
            Self.send(Data(head.utf8) + body, to: connection)
            return true
        case .truncated(let status, let declaredLength, let body):
            let head =
                "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(declaredLength)\r\nConnection: close\r\n\r\n"
            Self.send(Data(head.utf8) + body, to: connection)
        case .raw(let bytes):
            Self.send(bytes, to: connection)
        case .close:
            break
        case .reset:
            var lingering = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &lingering, socklen_t(MemoryLayout<linger>.size))
        case .stall:
            _ = stopped.wait(timeout: .now() + 60)
        case .trickle(let status, let body, let byteInterval):
            let head =
                "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            Self.send(Data(head.utf8), to: connection)
            for byte in body {
                // Waiting on `stopped` rather than sleeping: stopping the server ends the trickle.
                guard stopped.wait(timeout: .now() + byteInterval) == .timedOut else { return false }
                Self.send(Data([byte]), to: connection)
            }
        case .delayed(let delay, let reply):
            guard stopped.wait(timeout: .now() + delay) == .timedOut else { return false }
            return answer(reply, on: connection)
        case .thenClose(let reply):
            answer(reply, on: connection)
        }
        return false
    }

    private static func listen() throws -> (Int32, UInt16) {
        let (descriptor, port) = try bindIPv4(reusingAddress: true)
        guard systemListen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return (descriptor, port)
    }

    /// A TCP socket bound to a free port of 127.0.0.1, not listening yet.
    private static func bindIPv4(reusingAddress: Bool) throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let socketType = Int32(SOCK_STREAM.rawValue)
        #else
            let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        if reusingAddress {
            var reuse: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private static func listenIPv6() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let socketType = Int32(SOCK_STREAM.rawValue)
        #else
            let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET6, socketType, 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = 0
        address.sin6_addr = in6addr_loopback
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard bound == 0, systemListen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin6_port))
    }

    private static func readRequest(from connection: Int32) -> (
        method: String, target: String, headers: [String: String]
    )? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while received.range(of: terminator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
            if received.count > 1 << 20 { return nil }
        }
        guard let headEnd = received.range(of: terminator) else { return nil }
        let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return (String(requestLine[0]), String(requestLine[1]), headers)
    }

    private static func send(_ data: Data, to connection: Int32) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemSend(connection, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 407: "Proxy Authentication Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

extension LoopbackHTTPServer {
    /// A port of 127.0.0.1 that nothing listens on, for a test of "nothing listening": a socket is
    /// bound to it and never listens, so a connection to it is refused, and until `release()` no
    /// other socket can take the port. A stopped server's port promises neither: the next server
    /// started (another test's, running beside this one) or a client's own end may be given it at
    /// once, and the request meant for nobody then reaches that server.
    public final class ClosedPort: Sendable {
        public let port: UInt16
        private let descriptor: Locked<Int32?>

        /// The root URL to pass as `--base-url`.
        public var baseURL: URL {
            URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/")
        }

        /// Takes a free port.
        /// - Throws: `POSIXError` when no socket can be bound.
        public init() throws {
            // No SO_REUSEADDR: then not even a server that sets it may bind the port while it is held.
            let (descriptor, port) = try LoopbackHTTPServer.bindIPv4(reusingAddress: false)
            self.descriptor = Locked(descriptor)
            self.port = port
        }

        deinit {
            release()
        }

        /// Gives the port back. Call it when the test is done (`defer`): the value may otherwise
        /// be released, and the port with it, right after its last use, before the request.
        public func release() {
            descriptor.withLock { descriptor in
                if let open = descriptor { close(open) }
                descriptor = nil
            }
        }
    }
}

// `listen` and `send` are shadowed by members above; these reach the C functions.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    listen(descriptor, backlog)
}

private func systemSend(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return send(descriptor, pointer, count, Int32(MSG_NOSIGNAL))
    #else
        return send(descriptor, pointer, count, 0)
    #endif
}
