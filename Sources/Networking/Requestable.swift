import Foundation

/// What a request needs besides the configuration: path, method, query, headers and body.
public protocol Requestable: Sendable {
    /// The path, relative to the configuration's base URL (no leading `/` needed).
    var path: String { get }
    var method: HTTPMethod { get }
    /// Query items in the order they are sent.
    var queryItems: [QueryItem] { get }
    var headers: [String: String] { get }
    var body: Data? { get }
    /// Whether `path` is a whole URL of its own (a picture a response named, on another host),
    /// used as it is instead of under the base URL.
    var isFullPath: Bool { get }
}

extension Requestable {
    public var isFullPath: Bool { false }
}

/// A `Requestable` that also says what its response decodes to.
public protocol ResponseRequestable: Requestable {
    associatedtype Response: Decodable & Sendable
    var responseDecoder: any ResponseDecoder { get }
    /// Whether this decoded answer may be kept by a response cache. An endpoint refuses an
    /// answer that may be a refusal in disguise (a service that answers "nothing" when it is
    /// overloaded), so it is asked again next time instead of for the cache's lifetime.
    func isCacheable(_ response: Response) -> Bool
}

extension ResponseRequestable {
    public func isCacheable(_ response: Response) -> Bool { true }
}

/// Why an `HTTPRequest` could not be built.
public enum RequestGenerationError: Error, Equatable, Sendable {
    /// The base URL, path and query did not form a valid URL.
    case invalidURL(String)
}

extension Requestable {
    /// Builds the request: base URL + path, the endpoint's query then the configuration's,
    /// encoded by `FormURLEncoding`; configuration headers overridden by the endpoint's.
    /// - Parameter configuration: Base URL, shared headers and query, timeout.
    /// - Returns: The request to send.
    /// - Throws: `RequestGenerationError.invalidURL` when the parts do not form a URL.
    public func httpRequest(with configuration: any NetworkConfigurable) throws(RequestGenerationError)
        -> HTTPRequest
    {
        HTTPRequest(
            url: try makeURL(with: configuration),
            method: method,
            headers: configuration.headers.merging(headers, uniquingKeysWith: { $1 }),
            body: body,
            timeout: configuration.timeout
        )
    }

    private func makeURL(with configuration: any NetworkConfigurable) throws(RequestGenerationError) -> URL {
        let items = queryItems + configuration.queryItems
        let query = items.isEmpty ? "" : "?" + FormURLEncoding.encode(items)
        let text: String
        if isFullPath {
            text = path + query
        } else {
            var base = configuration.baseURL.absoluteString
            if !base.hasSuffix("/") { base += "/" }
            let relativePath = path.hasPrefix("/") ? String(path.dropFirst()) : path
            text = base + relativePath + query
        }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw .invalidURL(text)
        }
        return url
    }
}
