import Foundation
import Mocks
import Networking
import Testing

/// Timeouts enforced above the engine: they hold for a session manager that trickles, stalls or
/// ignores cancellation, and they honour fractions of a second exactly. No wall-clock upper
/// bound (other tests share the thread pool): the engine gives up with a 200 ten seconds after
/// the limit, so a limit that does not fire first fails the test. Lower bounds need no slack.
@Suite("Deadlines above the engine")
struct DeadlineTests {
    private struct Empty: Decodable, Sendable {}

    /// An engine at its worst: it never finishes on its own, resets nothing, ignores
    /// cancellation, and only gives up (with a 200) when the test releases it or after `patience`.
    private final class EndlessEngine: NetworkSessionManager {
        let released = Locked(false)
        let started = Locked(0)
        let patience: Duration

        init(patience: Duration) {
            self.patience = patience
        }

        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            started.withLock { $0 += 1 }
            let clock = ContinuousClock()
            let end = clock.now + patience
            while !released.value, clock.now < end {
                // A byte arrives now and then; cancellation is ignored on purpose (a detached
                // task's sleep is not cancelled, so a cancelled engine waits rather than spins).
                await Task.detached { try? await Task.sleep(for: .milliseconds(20)) }.value
            }
            return (Data("{}".utf8), HTTPResponse(url: request.url, statusCode: 200))
        }
    }

    private func networkService(_ engine: any NetworkSessionManager, timeout: TimeInterval, baseURL: URL? = nil)
        throws -> DefaultNetworkService
    {
        let url = try baseURL ?? #require(URL(string: "http://127.0.0.1:1/"))
        return DefaultNetworkService(
            configuration: APINetworkConfiguration(baseURL: url, timeout: timeout), sessionManager: engine)
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test(
        "Given an engine that never finishes and ignores cancellation, the timeout (fractions exact) ends the request",
        arguments: [0.3, 1.5])
    func timeoutHoldsForAnyEngine(timeout: TimeInterval) async throws {
        let engine = EndlessEngine(patience: .seconds(timeout + 10))
        defer { engine.released.withLock { $0 = true } }
        let service = try networkService(engine, timeout: timeout)
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: NetworkError.timedOut) { _ = try await service.request(Endpoint<Empty>(path: "x")) }
        let elapsed = seconds(clock.now - start)
        #expect(elapsed >= timeout, "ended after \(elapsed) s, before its \(timeout) s")
    }

    @Test("Given retries and a deadline, the whole call ends by the deadline even while a try is in flight")
    func overallDeadline() async throws {
        let engine = EndlessEngine(patience: .seconds(10))
        defer { engine.released.withLock { $0 = true } }
        // Each try may take 20 s, but the whole call only 0.4 s.
        let service = RetryingDataTransferService(
            wrapping: DefaultDataTransferService(networkService: try networkService(engine, timeout: 20)),
            policy: RetryPolicy(maximumRetries: 2, deadline: .milliseconds(400)))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: DataTransferError.networkFailure(.timedOut)) {
            _ = try await service.request(Endpoint<Empty>(path: "x"))
        }
        let elapsed = seconds(clock.now - start)
        #expect(elapsed >= 0.4)
        #expect(engine.started.value == 1)
    }

    @Test("Cancelling the caller ends the request at once as cancelled, whatever the engine does")
    func cancellation() async throws {
        let engine = EndlessEngine(patience: .seconds(60))
        defer { engine.released.withLock { $0 = true } }
        let service = try networkService(engine, timeout: 60)
        let task = Task { () async throws(NetworkError) -> NetworkResponse in
            try await service.request(Endpoint<Empty>(path: "x"))
        }
        // Bounded, as every wait: a request that never reached the engine fails the test, not hangs it.
        try #require(await eventually { engine.started.value > 0 }, "the request never reached the engine")
        try #require(engine.started.value == 1, "the request reached the engine more than once")
        task.cancel()
        await #expect(throws: NetworkError.cancelled) { _ = try await task.value }
    }

    @Test(
        "Given a fractional timeout, an engine's own timer neither fires at once nor cuts it to whole seconds",
        arguments: SessionEngine.available, [(0.5, 0.7), (1.5, 1.2)])
    func fractionalTimeout(engine: SessionEngine, timing: (timeout: TimeInterval, delay: TimeInterval)) async throws {
        // The exact limit is DefaultNetworkService's; the engine alone must not end the request
        // first (FoundationNetworking arms `Int(timeout) * 1000` ms: 0 for 0.5, 1000 for 1.5).
        let server = try LoopbackHTTPServer(always: .delayed(timing.delay, .json(Data("{}".utf8))))
        defer { server.stop() }
        let manager = engine.make(timeout: timing.timeout)
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("search"), timeout: timing.timeout)
        let (body, response) = try await manager.data(for: request)
        #expect(response.statusCode == 200)
        #expect(body == Data("{}".utf8))
    }

    @Test(
        "Given any engine, a body that trickles or stalls after the headers is a timeout, not a lost connection",
        arguments: SessionEngine.available, [0.2, 60])
    func tricklingBody(engine: SessionEngine, byteInterval: TimeInterval) async throws {
        let body = Data(#"{"results":[]}"#.utf8) + Data(repeating: 0x20, count: 100)
        let server = try LoopbackHTTPServer(always: .trickle(status: 200, body: body, byteInterval: byteInterval))
        defer { server.stop() }
        let service = try networkService(engine.make(timeout: 1), timeout: 1, baseURL: server.baseURL)
        // The whole body would take 23 s to trickle in; the stall lasts 60 s.
        await #expect(throws: NetworkError.timedOut) { _ = try await service.request(Endpoint<Empty>(path: "search")) }
    }
}
