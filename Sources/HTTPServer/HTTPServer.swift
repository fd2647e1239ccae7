// # HTTPServer
//
// A small HTTP/1.1 server on the C library's sockets, what SwiftNIO would be to another project:
// keep-alive and pipelining, request heads only (no bodies), every limit bounded (connections,
// header bytes, header, idle, write and handler timeouts), a graceful shutdown. One thread
// accepts; each connection has a thread of its own doing blocking-style I/O on a non-blocking
// socket, every wait a `poll` with a deadline; the async handler runs in a task the connection
// thread waits for. It knows nothing of the program that uses it; its tests are
// `Tests/HTTPServerTests`.

import Dispatch
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server: it listens, reads request heads, and writes what its handler answers.
public final class HTTPServer: Sendable {
    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPRequestHandler
    private let log: (@Sendable (HTTPAccessLogEntry) -> Void)?
    private let state = Mutex(Phase.idle)

    private enum Phase {
        case idle
        case running(ServerCore)
        /// Shut down, or shutting down; the core is kept so a second `shutdown` waits too.
        case stopped(ServerCore?)
    }

    /// A server, not yet listening.
    /// - Parameters:
    ///   - configuration: Where to listen and the limits.
    ///   - handler: Answers every request.
    ///   - log: Called once for every response written (on the connection's thread).
    public init(
        configuration: HTTPServerConfiguration, handler: any HTTPRequestHandler,
        log: (@Sendable (HTTPAccessLogEntry) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.handler = handler
        self.log = log
    }

    deinit {
        if case .running(let core) = state.withLock({ $0 }) { core.stop() }
    }

    /// Binds and listens, then accepts connections on a thread of its own.
    /// - Returns: The bound address: the host as given, the actual port.
    /// - Throws: `HTTPServerError` when the address is invalid or taken, or the server was
    ///   started before.
    public func start() throws(HTTPServerError) -> HTTPServerAddress {
        guard case .idle = state.withLock({ $0 }) else { throw .alreadyStarted }
        let (listener, port) = try Listener.open(host: configuration.host, port: configuration.port)
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let reason = Listener.systemError()
            close(listener)
            throw .cannotStart(reason: reason)
        }
        Socket.makeNonBlocking(pipeEnds[0])
        Socket.makeNonBlocking(pipeEnds[1])
        let core = ServerCore(
            configuration: configuration, handler: handler, log: log, listener: listener,
            wake: (pipeEnds[0], pipeEnds[1]))
        let claimed = state.withLock { phase -> Bool in
            guard case .idle = phase else { return false }
            phase = .running(core)
            return true
        }
        guard claimed else {
            close(listener)
            throw .alreadyStarted
        }
        core.running.enter()
        guard DetachedThread.start({ core.acceptLoop() }) else {
            core.running.leave()
            close(listener)
            state.withLock { $0 = .stopped(nil) }
            throw .cannotStart(reason: "no thread for accepting connections")
        }
        return HTTPServerAddress(host: configuration.host, port: port)
    }

    /// Stops accepting (new connections are refused), lets requests in flight finish and their
    /// responses be written with `Connection: close`, closes idle connections, and returns when
    /// all are done or `grace` has passed (connections still open are then cut). A server
    /// shut down cannot be started again; a second call waits like the first.
    /// - Parameter grace: The longest to wait for requests in flight.
    public func shutdown(grace: Duration) async {
        let core = state.withLock { phase -> ServerCore? in
            switch phase {
            case .idle:
                phase = .stopped(nil)
                return nil
            case .running(let core), .stopped(let core?):
                phase = .stopped(core)
                return core
            case .stopped(nil):
                return nil
            }
        }
        guard let core else { return }
        core.stop()
        let running = core.running
        let (seconds, attoseconds) = max(grace, .zero).components
        let deadline =
            DispatchTime.now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        let finished = await withCheckedContinuation { continuation in
            // Waits on a thread of its own, never on one of the cooperative pool's.
            let started = DetachedThread.start {
                continuation.resume(returning: running.wait(timeout: deadline) == .success)
            }
            if !started { continuation.resume(returning: running.wait(timeout: deadline) == .success) }
        }
        if !finished { core.cutConnections() }
    }
}
