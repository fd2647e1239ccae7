import Foundation
import Mocks
import Networking
import Testing

/// The real session manager and network service against a loopback server that misbehaves.
@Suite("Hostile answers")
struct HostileAnswerTests {
    private struct Envelope: Decodable, Sendable { let results: [String] }

    private func fetch(
        _ server: LoopbackHTTPServer,
        with engine: SessionEngine,
        maximumBodyBytes: Int = SessionLimits.maximumBodyBytes
    ) async throws(DataTransferError) -> Envelope {
        let service = DefaultDataTransferService(
            networkService: DefaultNetworkService(
                configuration: APINetworkConfiguration(baseURL: server.baseURL, timeout: 5),
                sessionManager: engine.make(timeout: 5, maximumBodyBytes: maximumBodyBytes)))
        return try await service.request(Endpoint<Envelope>(path: "search"))
    }

    @Test(
        "A body over the size limit stops the transfer, with or without Content-Length",
        arguments: SessionEngine.available)
    func oversized(engine: SessionEngine) async throws {
        let body = Data(("{\"results\":[\"" + String(repeating: "x", count: 5000) + "\"]}").utf8)
        let declared = try LoopbackHTTPServer(always: .json(body))
        defer { declared.stop() }
        await #expect(throws: DataTransferError.networkFailure(.responseTooLarge(limit: 1024))) {
            _ = try await fetch(declared, with: engine, maximumBodyBytes: 1024)
        }
        let undeclared = try LoopbackHTTPServer(
            always: .raw(Data("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8) + body))
        defer { undeclared.stop() }
        await #expect(throws: DataTransferError.networkFailure(.responseTooLarge(limit: 1024))) {
            _ = try await fetch(undeclared, with: engine, maximumBodyBytes: 1024)
        }
    }

    @Test("A response header of 100 KiB (libcurl's limit) is headersTooLarge", arguments: SessionEngine.available)
    func hugeHeader(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer(
            always: .response(
                status: 200, headers: [("X-Padding", String(repeating: "a", count: 100 * 1024))],
                body: Data(#"{"results":["ok"]}"#.utf8)))
        defer { server.stop() }
        do {
            let envelope = try await fetch(server, with: engine)
            Issue.record("answered: \(envelope.results)")
        } catch {
            #expect(error == .networkFailure(.headersTooLarge), "\(error)")
        }
    }

    @Test("A redirect to http(s) is followed", arguments: SessionEngine.available)
    func followsRedirect(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer { request, _ in
            request.target == "/final" ? .json(Data(#"{"results":["ok"]}"#.utf8)) : .redirect(to: "/final")
        }
        defer { server.stop() }
        #expect(try await fetch(server, with: engine).results == ["ok"])
        #expect(server.requests.map(\.target) == ["/search", "/final"])
    }

    @Test("Endless redirects stop after five", arguments: SessionEngine.available)
    func redirectLoop(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer(always: .redirect(to: "/search"))
        defer { server.stop() }
        await #expect(throws: DataTransferError.networkFailure(.redirectRejected("more than 5 redirects"))) {
            _ = try await fetch(server, with: engine)
        }
        #expect(server.requests.count == 6)
    }

    @Test("A redirect to another scheme is not followed", arguments: SessionEngine.available)
    func redirectToFile(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer(always: .redirect(to: "ftp://127.0.0.1:1/x"))
        defer { server.stop() }
        await #expect(throws: DataTransferError.networkFailure(.redirectRejected("a redirect to a non-http(s) URL"))) {
            _ = try await fetch(server, with: engine)
        }
    }

    @Test(
        "A body cut short, or a reset connection, is a lost connection",
        arguments: SessionEngine.available,
        [
            LoopbackHTTPServer.Reply.truncated(status: 200, declaredLength: 500, body: Data(#"{"results":["#.utf8)),
            .reset,
        ])
    func brokenConnection(engine: SessionEngine, reply: LoopbackHTTPServer.Reply) async throws {
        let server = try LoopbackHTTPServer(always: reply)
        defer { server.stop() }
        await #expect(throws: DataTransferError.networkFailure(.connectionLost)) {
            _ = try await fetch(server, with: engine)
        }
    }

    @Test("A connection closed without a byte is an invalid response", arguments: SessionEngine.available)
    func closedWithoutAnswer(engine: SessionEngine) async throws {
        let server = try LoopbackHTTPServer(always: .close)
        defer { server.stop() }
        await #expect(throws: DataTransferError.networkFailure(.invalidResponse)) {
            _ = try await fetch(server, with: engine)
        }
    }

    @Test("Invalid UTF-8 inside a string decodes with replacement characters", arguments: SessionEngine.available)
    func invalidUTF8(engine: SessionEngine) async throws {
        let body = Data(#"{"results":["ab"#.utf8) + Data([0xFF, 0xC3]) + Data(#"cd"]}"#.utf8)
        let server = try LoopbackHTTPServer(always: .response(status: 200, body: body))
        defer { server.stop() }
        #expect(try await fetch(server, with: engine).results == ["ab\u{FFFD}\u{FFFD}cd"])
    }

    @Test(
        "JSON without a Content-Type, or with a wrong one, is still decoded",
        arguments: SessionEngine.available, [nil, "text/html", "application/octet-stream"] as [String?])
    func anyContentType(engine: SessionEngine, contentType: String?) async throws {
        let headers = contentType.map { [("Content-Type", $0)] } ?? []
        let server = try LoopbackHTTPServer(
            always: .response(status: 200, headers: headers, body: Data(#"{"results":["a"]}"#.utf8)))
        defer { server.stop() }
        #expect(try await fetch(server, with: engine).results == ["a"])
    }
}
