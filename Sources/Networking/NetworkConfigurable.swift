import Foundation

/// Where requests go and what every request carries.
public protocol NetworkConfigurable: Sendable {
    /// The API root; endpoint paths are resolved against it.
    var baseURL: URL { get }
    /// Headers sent with every request (an endpoint's own headers win).
    var headers: [String: String] { get }
    /// Query items appended to every request, after the endpoint's own.
    var queryItems: [QueryItem] { get }
    /// Seconds one request may take before it fails with `NetworkError.timedOut`.
    var timeout: TimeInterval { get }
}

/// The plain-value configuration used by the app and by tests.
public struct APINetworkConfiguration: NetworkConfigurable {
    public let baseURL: URL
    public let headers: [String: String]
    public let queryItems: [QueryItem]
    public let timeout: TimeInterval

    /// - Parameters:
    ///   - baseURL: The API root.
    ///   - headers: Headers for every request.
    ///   - queryItems: Query items for every request.
    ///   - timeout: Seconds per request.
    public init(
        baseURL: URL,
        headers: [String: String] = [:],
        queryItems: [QueryItem] = [],
        timeout: TimeInterval = 15
    ) {
        self.baseURL = baseURL
        self.headers = headers
        self.queryItems = queryItems
        self.timeout = timeout
    }
}
