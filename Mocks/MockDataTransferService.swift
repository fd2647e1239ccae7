import Foundation
import Networking

/// A data transfer service that answers from a closure and records every endpoint's request
/// parts. The closure's value must be of the endpoint's `Response` type.
public final class MockDataTransferService: DataTransferService, Sendable {
    public typealias Handler = @Sendable (any Requestable) async throws(DataTransferError) -> any Sendable

    private let handler: Handler?
    private let recorded = Locked<[any Requestable]>([])

    /// - Parameter handler: Answers each endpoint; `nil` fails the test on any call.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    public var endpoints: [any Requestable] { recorded.value }

    public func request<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError) -> E.Response {
        recorded.withLock { $0.append(endpoint) }
        guard let handler else {
            reportUnimplemented("MockDataTransferService.request(_:)")
            throw .noResponse
        }
        let value = try await handler(endpoint)
        guard let response = value as? E.Response else {
            reportUnimplemented(
                "MockDataTransferService.request(_:) returning \(type(of: value)) for \(E.Response.self)")
            throw .noResponse
        }
        return response
    }

    /// Fails every endpoint with this error.
    public static func failing(with error: DataTransferError) -> MockDataTransferService {
        MockDataTransferService { _ throws(DataTransferError) in throw error }
    }
}
