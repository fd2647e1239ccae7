/// A request's head as the server received it: the server takes no request bodies.
public struct HTTPServerRequest: Sendable {
    /// The method as sent, e.g. `GET`.
    public let method: String
    /// The request target exactly as sent, e.g. `/v1/search?term=a+b`.
    public let target: String
    /// The target's path, percent-decoded, e.g. `/v1/search`.
    public let path: String
    /// The query's parameters, form-decoded (`+` is a space, `%XX` UTF-8), in the order sent.
    public let query: [(name: String, value: String)]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let version: String
    /// The header fields, in order.
    public let headers: HTTPHeaders
    /// The client's address and port, e.g. `127.0.0.1:54321` or `[::1]:54321`.
    public let remoteAddress: String

    /// A request; the server makes these, tests of a handler may too.
    public init(
        method: String, target: String, path: String, query: [(name: String, value: String)] = [],
        version: String = "HTTP/1.1", headers: HTTPHeaders = [:], remoteAddress: String = "127.0.0.1:0"
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.remoteAddress = remoteAddress
    }

    /// The first value of the query parameter `name`, or `nil` when absent.
    /// - Parameter name: The parameter's name, compared exactly.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
