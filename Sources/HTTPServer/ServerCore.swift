import Dispatch
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a started server shares among its threads: the listening socket, the descriptors of
/// open connections, and the wake pipe that tells every thread the server is stopping (it is
/// written once and never read, so it stays readable for every `poll` that watches it).
final class ServerCore: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: any HTTPRequestHandler
    let log: (@Sendable (HTTPAccessLogEntry) -> Void)?
    let listener: Int32
    let wakeRead: Int32
    private let wakeWrite: Int32
    /// Entered by the accept loop and by every connection; left when each ends.
    let running = DispatchGroup()
    private let state = Mutex(State())
    /// `state.isStopping`, read by every connection on every request without taking the lock
    /// (which, contended by many connections, cost more than the rest of a request).
    private let stopping = Atomic<Bool>(false)

    private struct State {
        var isStopping = false
        var connections: Set<Int32> = []
        /// Connections waiting for a request's first byte, with when they began to wait (a counter).
        var idle: [Int32: UInt64] = [:]
        var idleMarks: UInt64 = 0
        /// Connections shut down to make room for a new one, not yet closed by their threads.
        var evicted: Set<Int32> = []

        /// Admits a new connection: under the cap, or in the place of the connection idle longest
        /// (returned, for the caller to shut down), as nginx reuses its kept-alive connections.
        mutating func admit(_ descriptor: Int32, maximum: Int) -> (admitted: Bool, evicting: Int32?) {
            guard !isStopping else { return (false, nil) }
            var evicting: Int32?
            if connections.count - evicted.count >= maximum {
                // One whose request has arrived, not yet read, is not idle.
                let waiting = idle.sorted { $0.value < $1.value }.lazy.map(\.key)
                guard let oldest = waiting.first(where: { !Socket.hasPendingInput($0) }) else { return (false, nil) }
                idle[oldest] = nil
                evicted.insert(oldest)
                evicting = oldest
            }
            connections.insert(descriptor)
            idleMarks += 1
            idle[descriptor] = idleMarks  // nothing read from it yet
            return (true, evicting)
        }

        mutating func remove(_ descriptor: Int32) {
            connections.remove(descriptor)
            evicted.remove(descriptor)
            idle[descriptor] = nil
        }
    }

    init(
        configuration: HTTPServerConfiguration, handler: any HTTPRequestHandler,
        log: (@Sendable (HTTPAccessLogEntry) -> Void)?, listener: Int32, wake: (read: Int32, write: Int32)
    ) {
        self.configuration = configuration
        self.handler = handler
        self.log = log
        self.listener = listener
        self.wakeRead = wake.read
        self.wakeWrite = wake.write
    }

    deinit {
        // Every thread holds this object, so none is left to poll the pipe.
        close(wakeRead)
        close(wakeWrite)
    }

    /// Whether `stop()` was called.
    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Stops accepting and wakes every thread: idle connections close, busy ones close after
    /// their response.
    func stop() {
        let wasStopping = state.withLock { state in
            defer { state.isStopping = true }
            return state.isStopping
        }
        stopping.store(true, ordering: .releasing)
        guard !wasStopping else { return }
        // On Linux this refuses new connections at once; the accept loop then closes it.
        shutdown(listener, Int32(SHUT_RDWR))
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Marks a connection as waiting for a request's first byte (`true`), so a new connection
    /// past the cap may take its place, or as reading one again (`false`).
    /// - Returns: `false` when it was already shut down to make room: it is to be closed.
    @discardableResult
    func setIdle(_ descriptor: Int32, _ isIdle: Bool) -> Bool {
        state.withLock { state in
            guard !state.evicted.contains(descriptor) else { return false }
            if isIdle {
                state.idleMarks += 1
                state.idle[descriptor] = state.idleMarks
            } else {
                state.idle[descriptor] = nil
            }
            return true
        }
    }

    /// Cuts every connection still open (after the grace period): their threads' next read or
    /// write fails and they end.
    func cutConnections() {
        state.withLock { state in
            for descriptor in state.connections { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Accepts connections until stopped; runs on a thread of its own.
    func acceptLoop() {
        defer {
            close(listener)
            running.leave()
        }
        while !isStopping {
            let deadline = ContinuousClock.now + .seconds(1)
            switch Socket.wait(listener, for: Int16(POLLIN), wake: wakeRead, until: deadline) {
            case .ready: acceptReady()
            case .timedOut: continue
            case .woken, .failed: return
            }
        }
    }

    /// Accepts every connection waiting.
    private func acceptReady() {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard descriptor >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    // The connection stays queued; try again shortly rather than spin on it.
                    _ = Socket.wait(wakeRead, for: Int16(POLLIN), wake: -1, until: .now + .milliseconds(100))
                }
                return
            }
            Socket.configureAccepted(descriptor)
            let remoteAddress = Socket.describe(storage)
            let admitted = state.withLock { state in
                let (admitted, evicting) = state.admit(descriptor, maximum: configuration.maximumConnections)
                // Under the lock: its thread closes it only after taking it out of the set, so
                // the number cannot have been reused by another socket yet.
                if let evicting { shutdown(evicting, Int32(SHUT_RDWR)) }
                return admitted
            }
            guard admitted else {
                refuse(descriptor, remoteAddress: remoteAddress)
                continue
            }
            running.enter()
            let started = DetachedThread.start { [self] in serve(descriptor, remoteAddress: remoteAddress) }
            if !started {
                state.withLock { $0.remove(descriptor) }
                running.leave()
                refuse(descriptor, remoteAddress: remoteAddress)
            }
        }
    }

    /// Serves one connection until it closes; runs on a thread of its own.
    private func serve(_ descriptor: Int32, remoteAddress: String) {
        defer {
            // Out of the set before the number is closed (and free for reuse by another socket),
            // so `cutConnections` never shuts down a descriptor that is not ours.
            state.withLock { $0.remove(descriptor) }
            close(descriptor)
            running.leave()
        }
        var connection = Connection(descriptor: descriptor, remoteAddress: remoteAddress, core: self)
        connection.run()
    }

    /// Answers a connection over the limit 503 at once, without waiting for its request, and
    /// closes it; on the accept thread, so it never waits for the client.
    private func refuse(_ descriptor: Int32, remoteAddress: String) {
        var head = ResponseHead()
        let answer = handler.refusal(
            HTTPRefusal(status: 503, message: "the server has too many connections", hint: "try again in a second"))
        var headers = answer.headers
        if headers["retry-after"] == nil { headers.add("Retry-After", "1") }
        let body = answer.body
        head.make(status: 503, headers: headers, contentLength: body.count, connection: "close")
        let sent = Socket.sendAll(descriptor, head: head.bytes, body: body, until: .now)
        shutdown(descriptor, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 4096)
        _ = recv(descriptor, &scratch, scratch.count, 0)
        close(descriptor)
        log?(
            HTTPAccessLogEntry(
                remoteAddress: remoteAddress, method: "", target: "", status: 503, bytes: sent ? body.count : 0,
                duration: .zero, completed: sent))
    }
}
