/// One JSON-RPC 2.0 message.
import JSON

public enum JSONRPCMessage: Sendable, Hashable {
    /// A request, answered by a response with the same id.
    case request(id: JSONRPCID, method: String, params: JSONValue?)
    /// A notification: no id, never answered.
    case notification(method: String, params: JSONValue?)
    /// A successful response.
    case response(id: JSONRPCID, result: JSONValue)
    /// An error response; the id is `nil` when the request's could not be read.
    case errorResponse(id: JSONRPCID?, error: JSONRPCError)

    /// The message as a JSON object, `"jsonrpc": "2.0"` first.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0"]
        switch self {
        case .request(let id, let method, let params):
            object["id"] = id.jsonValue
            object["method"] = .string(method)
            if let params { object["params"] = params }
        case .notification(let method, let params):
            object["method"] = .string(method)
            if let params { object["params"] = params }
        case .response(let id, let result):
            object["id"] = id.jsonValue
            object["result"] = result
        case .errorResponse(let id, let error):
            object["id"] = id?.jsonValue ?? .null
            object["error"] = error.jsonValue
        }
        return .object(object)
    }

    /// The message as one line of compact JSON, without the newline.
    /// - Returns: The UTF-8 bytes.
    public func serialized() -> [UInt8] { jsonValue.serialized() }
}
