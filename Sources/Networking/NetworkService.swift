import Foundation

/// A successful (2xx) HTTP answer.
public struct NetworkResponse: Sendable, Equatable {
    public let statusCode: Int
    public let body: Data
    /// Header names are lower-cased.
    public let headers: [String: String]

    public init(statusCode: Int, body: Data, headers: [String: String] = [:]) {
        self.statusCode = statusCode
        self.body = body
        self.headers = headers
    }
}

/// Sends an endpoint's request and checks the status.
public protocol NetworkService: Sendable {
    /// - Parameter endpoint: What to request.
    /// - Returns: The 2xx response.
    /// - Throws: `NetworkError`: a non-2xx status, a transport failure, or a bad URL.
    func request(_ endpoint: any Requestable) async throws(NetworkError) -> NetworkResponse
}
