import Foundation
import Mocks
import Networking
import Testing

@Suite("The network service checks the status and maps transport failures")
struct DefaultNetworkServiceTests {
    private struct Empty: Decodable, Sendable {}
    private let endpoint = Endpoint<Empty>(path: "search", queryItems: [QueryItem(name: "term", value: "x")])

    private func service(
        _ sessionManager: MockNetworkSessionManager,
        logger: any NetworkLogger = SilentNetworkLogger()
    ) throws -> DefaultNetworkService {
        let configuration = APINetworkConfiguration(baseURL: try #require(URL(string: "http://127.0.0.1:1/")))
        return DefaultNetworkService(configuration: configuration, sessionManager: sessionManager, logger: logger)
    }

    @Test("Given a 200 answer, the body comes back with lower-cased headers")
    func passesSuccess() async throws {
        let sessionManager = MockNetworkSessionManager.answering(
            body: Data("{}".utf8), headers: ["X-Apple-Max-Age": "3600"])
        let response = try await service(sessionManager).request(endpoint)
        #expect(response.statusCode == 200)
        #expect(response.body == Data("{}".utf8))
        #expect(response.headers["x-apple-max-age"] == "3600")
        #expect(sessionManager.requests.first?.url.absoluteString == "http://127.0.0.1:1/search?term=x")
    }

    @Test(
        "Given a non-2xx answer, the error carries the status, the body and the headers",
        arguments: [400, 403, 404, 429, 500, 503])
    func failsOnStatus(status: Int) async throws {
        let sessionManager = MockNetworkSessionManager.answering(
            status: status, body: Data("oops".utf8), headers: ["Retry-After": "12"])
        await #expect(
            throws: NetworkError.httpStatus(
                HTTPFailure(statusCode: status, body: Data("oops".utf8), headers: ["retry-after": "12"]))
        ) {
            _ = try await service(sessionManager).request(endpoint)
        }
    }

    @Test(
        "An engine's network errors pass through; anything else keeps its description",
        arguments: [
            (NetworkError.tls(.wrongHost), NetworkError.tls(.wrongHost)),
            (NetworkError.connectionLost, NetworkError.connectionLost),
            (POSIXError(.EIO), .other(String(describing: POSIXError(.EIO)))),
        ] as [(any Error & Sendable, NetworkError)])
    func mapsTransportErrors(error: any Error & Sendable, expected: NetworkError) async throws {
        let sessionManager = MockNetworkSessionManager.failing(with: error)
        await #expect(throws: expected) { _ = try await service(sessionManager).request(endpoint) }
    }

    @Test("Task cancellation surfaces as .cancelled")
    func mapsCancellation() async throws {
        let sessionManager = MockNetworkSessionManager.failing(with: CancellationError())
        await #expect(throws: NetworkError.cancelled) { _ = try await service(sessionManager).request(endpoint) }
    }

    @Test("Every finished request is logged once, with its status and size")
    func logsEvents() async throws {
        let logger = RecordingLogger()
        let sessionManager = MockNetworkSessionManager.answering(status: 503, body: Data("down".utf8))
        _ = try? await service(sessionManager, logger: logger).request(endpoint)
        let events = logger.events.value
        #expect(events.count == 1)
        #expect(events.first?.outcome == .response(statusCode: 503, bytes: 4))
        #expect(events.first?.method == .get)
        #expect(events.first?.url?.path == "/search")
    }
}

final class RecordingLogger: NetworkLogger {
    let events = Locked<[NetworkEvent]>([])
    func log(_ event: NetworkEvent) { events.withLock { $0.append(event) } }
}
