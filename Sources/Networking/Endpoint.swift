import Foundation

/// An endpoint as a value: everything needed to build the request and decode its answer.
public struct Endpoint<Response: Decodable & Sendable>: ResponseRequestable {
    /// Appended to the base URL, e.g. `search`.
    public let path: String
    public let method: HTTPMethod
    /// In order; encoded by `FormURLEncoding`.
    public let queryItems: [QueryItem]
    public let headers: [String: String]
    public let body: Data?
    /// Turns the body into `Response`.
    public let responseDecoder: any ResponseDecoder
    /// `path` is a whole URL, not relative to the base URL.
    public let isFullPath: Bool
    /// Whether a decoded answer may be kept by a response cache.
    private let cacheable: @Sendable (Response) -> Bool

    /// - Parameters:
    ///   - path: Relative to the base URL.
    ///   - method: The HTTP method; GET by default.
    ///   - queryItems: Sent in this order.
    ///   - headers: Added to (and overriding) the configuration's headers.
    ///   - body: The request body, if any.
    ///   - responseDecoder: Decodes the body into `Response`; JSON by default.
    ///   - isFullPath: `path` is a whole URL, used as it is.
    ///   - isCacheable: Whether a decoded answer may be kept by a response cache; every one by default.
    public init(
        path: String,
        isFullPath: Bool = false,
        method: HTTPMethod = .get,
        queryItems: [QueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        responseDecoder: any ResponseDecoder = JSONResponseDecoder(),
        isCacheable: @escaping @Sendable (Response) -> Bool = { _ in true }
    ) {
        self.path = path
        self.method = method
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.responseDecoder = responseDecoder
        self.isFullPath = isFullPath
        cacheable = isCacheable
    }

    public func isCacheable(_ response: Response) -> Bool {
        cacheable(response)
    }
}
