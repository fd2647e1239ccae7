import Foundation
import Mocks
import Networking
import Testing

@Suite("Each session manager against a loopback server")
struct NetworkSessionManagerTests {
    @Test("Given a server that answers, the body and status arrive as sent", arguments: SessionEngine.available)
    func fetches(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer(always: .json(Data("\n\n\n{\"resultCount\":0,\"results\":[]}\n".utf8)))
        defer { server.stop() }
        let manager = engine.make(timeout: 5)
        let url = try #require(URL(string: "search?term=a%2Bb", relativeTo: server.baseURL))
        let (data, response) = try await manager.data(for: HTTPRequest(url: url, headers: ["X-Probe": "1"]))
        #expect(response.statusCode == 200)
        #expect(response.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("\n\n\n{"))
        #expect(server.requests.map(\.target) == ["/search?term=a%2Bb"])
        #expect(server.requests.first?.headers["x-probe"] == "1")
    }

    @Test("Given nothing listening, the network service reports cannotConnect", arguments: SessionEngine.available)
    func nothingListening(engine: SessionEngine) async throws {
        // A port held closed: a server's port, once it stopped, may already be another test's.
        let closed = try LoopbackHTTPServer.ClosedPort()
        defer { closed.release() }
        let service = DefaultNetworkService(
            configuration: APINetworkConfiguration(baseURL: closed.baseURL, timeout: 5),
            sessionManager: engine.make(timeout: 5)
        )
        await #expect(throws: NetworkError.cannotConnect) {
            _ = try await service.request(Endpoint<Int>(path: "search"))
        }
    }

    @Test(
        "Given a server that never answers, a short timeout ends the request with timedOut",
        arguments: SessionEngine.available)
    func timesOut(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer(always: .stall)
        defer { server.stop() }
        let service = DefaultNetworkService(
            configuration: APINetworkConfiguration(baseURL: server.baseURL, timeout: 0.5),
            sessionManager: engine.make(timeout: 0.5)
        )
        await #expect(throws: NetworkError.timedOut) {
            _ = try await service.request(Endpoint<Int>(path: "search"))
        }
    }

    @Test("Cancelling the calling task cancels the request in flight at once", arguments: SessionEngine.available)
    func cancels(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer(always: .stall)
        defer { server.stop() }
        // Cancelled, the request ends long before its timeout would end it: the bound below is
        // far under the timeout and far over what a loaded machine needs. The request itself may
        // wait long for a thread when the whole suite starts at once (30 s was once too little).
        let manager = engine.make(timeout: 300)
        let request = HTTPRequest(url: server.baseURL)
        let task = Task { try await manager.data(for: request) }
        let clock = ContinuousClock()
        try #require(await server.requestsArrived(timeout: 120), "the request never reached the server")
        let start = clock.now
        task.cancel()
        let result = await task.result
        #expect(clock.now - start < .seconds(150))
        #expect(throws: (any Error).self) { try result.get() }
    }
}
