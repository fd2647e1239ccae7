import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Performs one `URLRequest`. The seam where tests replace the network.
public protocol NetworkSessionManager: Sendable {
    /// - Parameter request: The request to send.
    /// - Returns: The body and the response.
    /// - Throws: The transport's error (`URLError`, `CancellationError`, …).
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}
