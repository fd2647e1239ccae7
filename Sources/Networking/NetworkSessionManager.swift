import Foundation

/// Performs one HTTP exchange. The seam where tests replace the network, and where the engine
/// is chosen per platform: `URLSessionNetworkSessionManager` on Apple platforms,
/// `CurlNetworkSessionManager` on Linux (FoundationNetworking's `URLSession` busy-waits there
/// and costs start-up to every run, even one answered from the cache).
///
/// Its request and response are this module's own values, not `URLRequest` and `URLResponse`:
/// on Linux those live in FoundationNetworking, which a binary would then have to link.
public protocol NetworkSessionManager: Sendable {
    /// - Parameter request: The request to send.
    /// - Returns: The body and the final response (after redirects).
    /// - Throws: `NetworkError` for transport failures, `CancellationError` when the calling task
    ///   was cancelled.
    func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse)
}

/// The limits every engine enforces against hostile answers.
public enum SessionLimits {
    /// A larger body stops the transfer (`NetworkError.responseTooLarge`).
    public static let maximumBodyBytes = 10 * 1024 * 1024
    /// More redirects fail with `NetworkError.redirectRejected`.
    public static let maximumRedirects = 5

    /// Whether a redirect may be followed; otherwise why not, in words for
    /// `NetworkError.redirectRejected`.
    /// - Parameters:
    ///   - from: The URL that answered with the redirect.
    ///   - to: Where it points.
    ///   - count: This redirect's number, counting from 1.
    ///   - maximum: The most redirects allowed.
    /// - Returns: `nil` when it may be followed.
    public static func rejection(from: URL?, to: URL?, count: Int, maximum: Int) -> String? {
        let from = from?.scheme?.lowercased()
        let to = to?.scheme?.lowercased()
        if count > maximum { return "more than \(maximum) redirects" }
        if to != "https" && to != "http" { return "a redirect to a non-http(s) URL" }
        if from == "https" && to == "http" { return "a redirect from https to plain http" }
        return nil
    }
}

/// A request as an engine sends it.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    public var method: HTTPMethod
    /// Sent as given; an empty value is not sent.
    public var headers: [String: String]
    public var body: Data?
    /// Seconds the whole exchange may take.
    public var timeout: TimeInterval

    /// - Parameters:
    ///   - url: An absolute http(s) URL.
    ///   - method: The method.
    ///   - headers: Header fields.
    ///   - body: The body, if any.
    ///   - timeout: Seconds the whole exchange may take.
    public init(
        url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeInterval = 60
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of a header, whatever the case of its name.
    /// - Parameter name: The header name.
    /// - Returns: The value, or `nil` when absent.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The status and headers of a response.
public struct HTTPResponse: Sendable, Equatable {
    /// The URL that answered (the last one, after redirects).
    public let url: URL?
    public let statusCode: Int
    /// Header names are lower-cased; a repeated header keeps its last value.
    public let headers: [String: String]

    /// - Parameters:
    ///   - url: The URL that answered.
    ///   - statusCode: The HTTP status.
    ///   - headers: Header fields; names are lower-cased here.
    public init(url: URL?, statusCode: Int, headers: [String: String] = [:]) {
        self.url = url
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }
}
