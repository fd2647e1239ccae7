/// Answers the requests an `HTTPServer` receives. Called concurrently, once per request, from
/// a task; a connection's requests are answered one after another, in order.
public protocol HTTPRequestHandler: Sendable {
    /// The response to `request`.
    /// - Parameter request: The request's head (the server takes no bodies).
    /// - Returns: The response; the server adds `Date`, `Content-Length` and `Connection`.
    func respond(to request: HTTPServerRequest) async -> HTTPServerResponse

    /// The answer to a request the server refuses itself (a malformed head, a target too long,
    /// too many connections...), so that its errors have the shape of the handler's own. Called
    /// on the server's threads, synchronously: it must return at once. The server sends it with
    /// the refusal's status, `Connection: close` (and `Retry-After` when it sets one), and
    /// without the body to `HEAD`. By default `refusal.plainTextResponse`.
    /// - Parameter refusal: Why the server refuses, in words, and what it read of the request.
    /// - Returns: The response's header fields and body.
    func refusal(_ refusal: HTTPRefusal) -> HTTPServerResponse
}

extension HTTPRequestHandler {
    /// The refusal as plain text: `message — hint`.
    public func refusal(_ refusal: HTTPRefusal) -> HTTPServerResponse {
        refusal.plainTextResponse
    }
}
