import Foundation
import Networking

/// A session manager that answers from a closure and records every request.
public final class MockNetworkSessionManager: NetworkSessionManager, Sendable {
    public typealias Handler = @Sendable (HTTPRequest) async throws -> (Data, HTTPResponse)

    private let handler: Handler?
    private let recorded = Locked<[HTTPRequest]>([])

    /// - Parameter handler: Answers each request; `nil` fails the test on any request.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    /// Every request, in order.
    public var requests: [HTTPRequest] { recorded.value }

    public func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        recorded.withLock { $0.append(request) }
        guard let handler else {
            reportUnimplemented("MockNetworkSessionManager.data(for:)")
            throw UnimplementedError(name: "MockNetworkSessionManager.data(for:)")
        }
        return try await handler(request)
    }

    /// Answers every request with this status, body and headers.
    public static func answering(
        status: Int = 200,
        body: Data = Data(),
        headers: [String: String] = ["Content-Type": "text/javascript; charset=utf-8"]
    ) -> MockNetworkSessionManager {
        MockNetworkSessionManager { request in
            (body, HTTPResponse(url: request.url, statusCode: status, headers: headers))
        }
    }

    /// Fails every request with this error.
    public static func failing(with error: any Error & Sendable) -> MockNetworkSessionManager {
        MockNetworkSessionManager { _ in throw error }
    }
}
