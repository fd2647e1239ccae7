import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a request needs besides the configuration: path, method, query, headers and body.
public protocol Requestable: Sendable {
    /// The path, relative to the configuration's base URL (no leading `/` needed).
    var path: String { get }
    var method: HTTPMethod { get }
    /// Query items in the order they are sent.
    var queryItems: [QueryItem] { get }
    var headers: [String: String] { get }
    var body: Data? { get }
}

/// A `Requestable` that also says what its response decodes to.
public protocol ResponseRequestable: Requestable {
    associatedtype Response: Decodable & Sendable
    var responseDecoder: any ResponseDecoder { get }
}

/// Why a `URLRequest` could not be built.
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
    public func urlRequest(with configuration: any NetworkConfigurable) throws(RequestGenerationError)
        -> URLRequest
    {
        let url = try makeURL(with: configuration)
        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.httpMethod = method.rawValue
        request.httpBody = body
        for (name, value) in configuration.headers.merging(headers, uniquingKeysWith: { $1 }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    private func makeURL(with configuration: any NetworkConfigurable) throws(RequestGenerationError) -> URL {
        var base = configuration.baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let relativePath = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let items = queryItems + configuration.queryItems
        let query = items.isEmpty ? "" : "?" + FormURLEncoding.encode(items)
        let text = base + relativePath + query
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw .invalidURL(text)
        }
        return url
    }
}
