/// A JSON-RPC 2.0 error object: a code, a message and optional data.
import JSON

public struct JSONRPCError: Error, Sendable, Hashable {
    /// The error code; see the static constants for the standard ones.
    public var code: Int
    /// A short description.
    public var message: String
    /// More about the error, when there is more.
    public var data: JSONValue?

    /// An error object.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: The description.
    ///   - data: Anything more.
    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// -32700: the message is not JSON.
    public static let parseErrorCode = -32700
    /// -32600: JSON, but not a valid request object.
    public static let invalidRequestCode = -32600
    /// -32601: no such method.
    public static let methodNotFoundCode = -32601
    /// -32602: the method's parameters are not valid.
    public static let invalidParamsCode = -32602
    /// -32603: the server failed.
    public static let internalErrorCode = -32603
    /// -32000 (in the range JSON-RPC leaves to servers): too many requests at once.
    public static let serverBusyCode = -32000

    /// A -32700 error.
    /// - Parameter message: The description.
    /// - Returns: The error.
    public static func parseError(_ message: String) -> Self { Self(code: parseErrorCode, message: message) }

    /// A -32600 error.
    /// - Parameter message: The description.
    /// - Returns: The error.
    public static func invalidRequest(_ message: String) -> Self { Self(code: invalidRequestCode, message: message) }

    /// A -32601 error naming the method.
    /// - Parameter method: The method asked for.
    /// - Returns: The error.
    public static func methodNotFound(_ method: String) -> Self {
        Self(code: methodNotFoundCode, message: "Method not found: \(excerpt(method))")
    }

    /// The most characters of a client's text an error message repeats.
    public static let maximumEchoedCharacters = 80

    /// `text` as a message may repeat it: its first `maximumEchoedCharacters` characters, then `…`
    /// when there were more, so a name of a megabyte is not sent back whole.
    /// - Parameter text: What the client sent.
    /// - Returns: The excerpt.
    public static func excerpt(_ text: String) -> String {
        let head = text.prefix(maximumEchoedCharacters + 1)
        guard head.count > maximumEchoedCharacters else { return text }
        return head.dropLast() + "…"
    }

    /// A -32602 error.
    /// - Parameter message: The description.
    /// - Returns: The error.
    public static func invalidParams(_ message: String) -> Self { Self(code: invalidParamsCode, message: message) }

    /// The error as a JSON object: `{code, message, data?}`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["code": .integer(code), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }
}
