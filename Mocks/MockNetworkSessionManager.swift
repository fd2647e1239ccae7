import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session manager that answers from a closure and records every request.
public final class MockNetworkSessionManager: NetworkSessionManager, @unchecked Sendable {
    public typealias Handler = @Sendable (URLRequest) async throws -> (Data, URLResponse)

    private let handler: Handler?
    private let recorded = Locked<[URLRequest]>([])

    /// - Parameter handler: Answers each request; `nil` fails the test on any request.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    /// Every request, in order.
    public var requests: [URLRequest] { recorded.value }

    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
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
            (body, HTTPURLResponse.stub(url: request.url, status: status, headers: headers))
        }
    }

    /// Fails every request with this error.
    public static func failing(with error: any Error & Sendable) -> MockNetworkSessionManager {
        MockNetworkSessionManager { _ in throw error }
    }
}

extension HTTPURLResponse {
    /// A response for tests; the URL defaults to a placeholder when the request had none.
    public static func stub(url: URL?, status: Int, headers: [String: String] = [:]) -> URLResponse {
        let url = url ?? URL(fileURLWithPath: "/")
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            ?? URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
    }
}
