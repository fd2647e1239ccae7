#if os(Linux)
    import Foundation
    import Mocks
    import Testing

    @testable import Networking

    // Serialized: tests running side by side fill the connection cache, and libcurl closes the
    // connection idle the longest to make room, which could be the one a test means to reuse.
    @Suite("The libcurl engine keeps one connection for the process", .serialized)
    struct ConnectionReuseTests {
        private static let body = Data("\n\n\n{\"resultCount\":0,\"results\":[]}\n".utf8)

        private func get(_ path: String, from server: LoopbackHTTPServer, with manager: any NetworkSessionManager)
            async throws -> HTTPResponse
        {
            let url = try #require(URL(string: path, relativeTo: server.baseURL))
            return try await manager.data(for: HTTPRequest(url: url, timeout: 10)).1
        }

        @Test("Given a server that keeps connections open, two requests of one process share one connection")
        func reuses() async throws {
            let server = try LoopbackHTTPServer(keepsAlive: true, always: .json(Self.body))
            defer { server.stop() }
            // Two managers, as two parts of a program would make: the connections are the process's.
            let first = CurlNetworkSessionManager(timeout: 10, environment: [:])
            let second = CurlNetworkSessionManager(timeout: 10, environment: [:])

            #expect(try await get("search?offset=0", from: server, with: first).statusCode == 200)
            #expect(try await get("search?offset=25", from: server, with: second).statusCode == 200)

            #expect(server.requests.map(\.target) == ["/search?offset=0", "/search?offset=25"])
            #expect(server.requests.map(\.connection) == [0, 0])
            #expect(server.connectionCount == 1)
        }

        @Test("Given reuse turned off (the benchmark's baseline), each request makes its own connection")
        func reuseOff() async throws {
            let server = try LoopbackHTTPServer(keepsAlive: true, always: .json(Self.body))
            defer { server.stop() }
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:], reusesConnections: false)

            _ = try await get("a", from: server, with: manager)
            _ = try await get("b", from: server, with: manager)

            #expect(server.requests.map(\.connection) == [0, 1])
            #expect(server.connectionCount == 2)
        }

        @Test("Given a pooled connection the server closed while idle, the next request gets an answer on a new one")
        func idleConnectionClosed() async throws {
            let server = try LoopbackHTTPServer(keepsAlive: true) { _, index in
                index == 0 ? .thenClose(.json(Self.body)) : .json(Self.body)
            }
            defer { server.stop() }
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:])

            _ = try await get("a", from: server, with: manager)
            let response = try await get("b", from: server, with: manager)

            #expect(response.statusCode == 200)
            #expect(server.requests.map(\.target) == ["/a", "/b"])
            #expect(server.requests.last?.connection == 1)
        }

        @Test(
            "Given a pooled connection that dies when reused (closed or reset, no answer), the request is sent once more on a fresh connection and answers without an error",
            arguments: [LoopbackHTTPServer.Reply.close, .reset])
        func diesOnReuse(fault: LoopbackHTTPServer.Reply) async throws {
            let server = try LoopbackHTTPServer(keepsAlive: true) { _, index in
                index == 1 ? fault : .json(Self.body)
            }
            defer { server.stop() }
            // The caller makes one call and sees one answer: no retry of its own is involved.
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:])

            _ = try await get("a", from: server, with: manager)
            let response = try await get("b", from: server, with: manager)

            #expect(response.statusCode == 200)
            #expect(server.requests.map(\.target) == ["/a", "/b", "/b"])
            #expect(server.requests.map(\.connection) == [0, 0, 1])
        }

        @Test("Given a fresh connection that dies too, the request fails: libcurl sends it again only once")
        func diesTwice() async throws {
            let server = try LoopbackHTTPServer(keepsAlive: true) { _, index in
                index == 0 ? .json(Self.body) : .close
            }
            defer { server.stop() }
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:])

            _ = try await get("a", from: server, with: manager)
            await #expect(throws: NetworkError.invalidResponse) { _ = try await get("b", from: server, with: manager) }
            #expect(server.requests.map(\.target) == ["/a", "/b", "/b"])
        }

        @Test(
            "Given a server stopped while the pool keeps a connection to it, the server ends that connection: a later request on it reaches nothing of the stopped server"
        )
        func stoppedServerEndsKeptConnections() async throws {
            let server = try LoopbackHTTPServer(keepsAlive: true, always: .json(Self.body))
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:])
            _ = try await get("a", from: server, with: manager)

            server.stop()
            // Wherever it goes (nothing listens on the port now), the stopped server must not answer it.
            _ = try? await get("b", from: server, with: manager)

            #expect(server.requests.map(\.target) == ["/a"])
        }

        @Test("Given concurrent requests and one of them cancelled, every other one is answered")
        func concurrentWithCancellation() async throws {
            let server = try LoopbackHTTPServer(keepsAlive: true) { request, _ in
                request.target == "/stall" ? .stall : .delayed(0.05, .json(Self.body))
            }
            defer { server.stop() }
            let manager = CurlNetworkSessionManager(timeout: 30, environment: [:])
            let stalled = Task { try await get("stall", from: server, with: manager) }

            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    group.addTask { try await get("page\(index)", from: server, with: manager).statusCode }
                }
                try #require(await server.requestsArrived(1, timeout: 120))
                stalled.cancel()
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(statuses == Array(repeating: 200, count: 8))
            await #expect(throws: CancellationError.self) { _ = try await stalled.value }
        }
    }
#endif
