import Foundation
import Platform

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
    /// More bytes of headers in one answer (status line and every header line, each counted
    /// with its line end) stop the transfer (`NetworkError.headersTooLarge`).
    public static let maximumHeaderBytes = 100 * 1024

    /// Whether a redirect may be followed (to http(s) only, never from https down to http, plain
    /// http only to this machine); otherwise why not, in words for
    /// `NetworkError.redirectRejected`.
    /// - Parameters:
    ///   - from: The URL that answered with the redirect.
    ///   - to: Where it points.
    ///   - count: This redirect's number, counting from 1.
    ///   - maximum: The most redirects allowed.
    /// - Returns: `nil` when it may be followed.
    public static func rejection(from source: URL?, to target: URL?, count: Int, maximum: Int) -> String? {
        let from = source?.scheme?.lowercased()
        let to = target?.scheme?.lowercased()
        if count > maximum { return "more than \(maximum) redirects" }
        if to != "https" && to != "http" { return "a redirect to a non-http(s) URL" }
        if from == "https" && to == "http" { return "a redirect from https to plain http" }
        // Plain http only ever reaches this machine, as for the base URL: a redirect may not
        // carry the request anywhere the base URL itself could not point.
        if to == "http" && !isLoopback(target?.host ?? "") { return "a redirect to plain http off this machine" }
        return nil
    }

    /// `localhost`, `127.0.0.0/8`, and the IPv6 loopback address however it is written (`::1`,
    /// `0:0:0:0:0:0:0:1`, or IPv4-mapped `::ffff:127.x.y.z`).
    /// - Parameter host: A URL's host, IPv6 literals with or without brackets.
    /// - Returns: Whether it names this machine.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingBrackets()
        if host == "localhost" { return true }
        if host.contains(Character(":")) {
            var address = in6_addr()
            guard inet_pton(AF_INET6, host, &address) == 1 else { return false }
            let bytes = withUnsafeBytes(of: &address) { Array($0) }
            let mapped: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes == Array(repeating: 0, count: 15) + [1]
                || (bytes.prefix(12).elementsEqual(mapped) && bytes[12] == 127)
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
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
        let name = name.lowercased()
        return headers.first { $0.key.lowercased() == name }?.value
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
