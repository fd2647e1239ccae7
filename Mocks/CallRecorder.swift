import Domain
import Foundation

/// One method of a test double: records each query it is called with, in order, and answers
/// from a closure; without a closure, a call fails the test (`reportUnimplemented`) and throws
/// `CatalogError.cancelled`. A double over the catalogue keeps one per method and forwards to it.
public final class CallRecorder<Query: Sendable, Answer>: Sendable {
    public typealias Handler = @Sendable (Query) async throws(CatalogError) -> Answer

    private let name: String
    private let handler: Handler?
    private let recorded = Locked<[Query]>([])

    /// - Parameters:
    ///   - name: The double and method, for the failure: `MockX.method(query:)`.
    ///   - handler: Answers each call; `nil` fails the test if one is made.
    public init(_ name: String, handler: Handler?) {
        self.name = name
        self.handler = handler
    }

    /// The queries received, in order.
    public var queries: [Query] { recorded.value }

    /// Records the query, then answers it.
    public func callAsFunction(_ query: Query) async throws(CatalogError) -> Answer {
        recorded.withLock { $0.append(query) }
        guard let handler else {
            reportUnimplemented(name)
            throw .cancelled
        }
        return try await handler(query)
    }
}
