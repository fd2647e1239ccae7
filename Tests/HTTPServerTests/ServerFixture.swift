import Dispatch
import HTTPServer
import Synchronization
import XCTest

/// A handler made of a closure.
struct ClosureHandler: HTTPRequestHandler {
    let body: @Sendable (HTTPServerRequest) async -> HTTPServerResponse

    func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        await body(request)
    }
}

/// Answers 200 with `method path` and the decoded query as its body.
let echoHandler = ClosureHandler { request in
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    return HTTPServerResponse(
        status: 200, headers: ["Content-Type": "text/plain"],
        body: Array("\(request.method) \(request.path) \(query)".utf8))
}

/// Keeps every access log entry.
final class LogRecorder: Sendable {
    private let entries = Mutex<[HTTPAccessLogEntry]>([])
    private let arrived = DispatchSemaphore(value: 0)

    var log: @Sendable (HTTPAccessLogEntry) -> Void {
        { entry in
            self.entries.withLock { $0.append(entry) }
            self.arrived.signal()
        }
    }

    var all: [HTTPAccessLogEntry] { entries.withLock { $0 } }

    /// Waits until `count` entries were logged in all, or 10 seconds.
    func wait(for count: Int) -> Bool {
        let deadline = DispatchTime.now() + 10
        while all.count < count {
            guard arrived.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }
}

/// A started server, shut down at the end of the test.
final class ServerFixture {
    let server: HTTPServer
    let address: HTTPServerAddress
    let recorder = LogRecorder()

    init(
        _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        handler: any HTTPRequestHandler = echoHandler
    ) throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        server = HTTPServer(configuration: configuration, handler: handler, log: recorder.log)
        address = try server.start()
    }

    var port: Int { address.port }

    func client(receiveBuffer: Int32? = nil) throws -> TestClient {
        try TestClient(port: port, host: address.host, receiveBuffer: receiveBuffer)
    }

    func stop() async {
        await server.shutdown(grace: .seconds(5))
    }
}

/// Runs `body` on `count` threads of their own at once; `false` unless all finished within
/// `timeout`.
func runConcurrently(_ count: Int, timeout: TimeInterval = 30, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            body(index)
            group.leave()
        }
    }
    return group.wait(timeout: .now() + timeout) == .success
}

/// A count threads add to.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.add(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
