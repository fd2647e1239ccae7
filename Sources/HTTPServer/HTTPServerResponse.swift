/// What a handler answers. The server adds `Date`, `Content-Length` and `Connection` itself
/// (any of those the handler sets are replaced), and leaves the body out for `HEAD`.
public struct HTTPServerResponse: Sendable {
    /// The status code, 200...599; anything else is sent as 500.
    public var status: Int
    /// The header fields. A field whose name is not a token, or whose value holds a control
    /// character (CR, LF), is left out rather than let split the response. A `Connection: close`
    /// here makes the server close the connection after this response.
    public var headers: HTTPHeaders
    /// The body; never sent for `HEAD`, 204 and 304.
    public var body: [UInt8]

    /// A response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields.
    ///   - body: The body's bytes.
    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
