/// Answers the requests an `HTTPServer` receives. Called concurrently, once per request, from
/// a task; a connection's requests are answered one after another, in order.
public protocol HTTPRequestHandler: Sendable {
    /// The response to `request`.
    /// - Parameter request: The request's head (the server takes no bodies).
    /// - Returns: The response; the server adds `Date`, `Content-Length` and `Connection`.
    func respond(to request: HTTPServerRequest) async -> HTTPServerResponse
}
