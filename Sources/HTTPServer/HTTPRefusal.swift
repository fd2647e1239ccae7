/// A request the server answers itself, before (or instead of) its handler: a head it cannot
/// read or will not take, a head too slow or too large, too many connections, a handler too
/// slow. The handler words the answer (`HTTPRequestHandler.refusal(_:)`), so that every error
/// a client sees has one shape; the server then sends it with this status and closes.
public struct HTTPRefusal: Sendable, Equatable {
    /// 400, 408, 413, 414, 431, 503 or 505.
    public let status: Int
    /// What is wrong, in one sentence without a final stop: `the request line is too long`.
    public let message: String
    /// What the client can do about it: `send a shorter target`.
    public let hint: String
    /// The request's method as read; empty when the request line was not read.
    public let method: String
    /// The request's target as read; empty when the request line was not read.
    public let target: String

    /// A refusal; the server makes these, tests of a handler may too.
    /// - Parameters:
    ///   - status: The status it is answered with.
    ///   - message: What is wrong; by default the status's usual words.
    ///   - hint: What to do; by default the status's usual advice.
    ///   - method: The method, when read.
    ///   - target: The target, when read.
    public init(status: Int, message: String? = nil, hint: String? = nil, method: String = "", target: String = "") {
        let usual = Self.usualWords(status)
        self.status = status
        self.message = message ?? usual.message
        self.hint = hint ?? usual.hint
        self.method = method
        self.target = target
    }

    /// The answer a handler gives when it words no refusal itself: the message and the hint as
    /// plain text, `message — hint`.
    public var plainTextResponse: HTTPServerResponse {
        HTTPServerResponse(
            status: status,
            headers: ["Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff"],
            body: Array("\(message) — \(hint)\n".utf8))
    }

    private static func usualWords(_ status: Int) -> (message: String, hint: String) {
        switch status {
        case 408: ("the request's head did not arrive in time", "send the whole request head without pausing")
        case 413: ("this server takes no request body", "send the request without a body")
        case 414: ("the request line is too long", "send a shorter target")
        case 431: ("the request's header fields are too large", "send fewer or shorter header fields")
        case 503: ("the server could not answer in time", "try again later")
        case 505: ("this server speaks versions 1.1 and 1.0 of HTTP only", "send the request in version 1.1")
        default: ("the request is malformed", "send a well-formed request")
        }
    }
}
