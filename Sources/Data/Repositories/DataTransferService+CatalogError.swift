import Domain
import Foundation
import Networking

extension DataTransferService {
    /// The step every iTunes repository shares: request and decode the endpoint, and turn any
    /// failure into the domain's `CatalogError` (`CatalogError(_: DataTransferError)`), so
    /// rate limiting, rejected queries, server errors and unreadable answers read the same for
    /// every endpoint.
    /// - Parameter endpoint: The endpoint, with its response type.
    /// - Returns: The decoded response.
    /// - Throws: `CatalogError`.
    func fetch<E: ResponseRequestable>(_ endpoint: E) async throws(CatalogError) -> E.Response {
        do {
            return try await request(endpoint)
        } catch {
            throw CatalogError(error)
        }
    }
}
