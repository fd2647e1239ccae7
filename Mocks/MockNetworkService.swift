import Foundation
import Networking

/// A network service that answers from a closure and records every endpoint.
public final class MockNetworkService: NetworkService, Sendable {
    public typealias Handler = @Sendable (any Requestable) async throws(NetworkError) -> NetworkResponse

    private let handler: Handler?
    private let recorded = Locked<[any Requestable]>([])

    /// - Parameter handler: Answers each endpoint; `nil` fails the test on any call.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    public var endpoints: [any Requestable] { recorded.value }

    public func request(_ endpoint: any Requestable) async throws(NetworkError) -> NetworkResponse {
        recorded.withLock { $0.append(endpoint) }
        guard let handler else {
            reportUnimplemented("MockNetworkService.request(_:)")
            throw .other("unimplemented")
        }
        return try await handler(endpoint)
    }

    /// Answers every endpoint with a 200 and this body.
    public static func answering(_ body: Data) -> MockNetworkService {
        MockNetworkService { _ throws(NetworkError) in NetworkResponse(statusCode: 200, body: body) }
    }

    /// Fails every endpoint with this error.
    public static func failing(with error: NetworkError) -> MockNetworkService {
        MockNetworkService { _ throws(NetworkError) in throw error }
    }
}
