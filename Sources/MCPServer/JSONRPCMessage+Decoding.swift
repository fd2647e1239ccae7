/// Why a line is not a JSON-RPC message: the error to answer with, and the id to answer, when
/// the message had a readable one.
import JSON

public struct JSONRPCDecodingFailure: Error, Sendable, Hashable {
    /// The id of the request, when it could be read; the answer's id is `null` otherwise.
    public var id: JSONRPCID?
    /// The error: -32700 when the line is not JSON, -32600 when it is not a message.
    public var error: JSONRPCError

    /// The error response to send.
    public var response: JSONRPCMessage { .errorResponse(id: id, error: error) }
}

extension JSONRPCMessage {
    /// Reads one message from the bytes of one line.
    ///
    /// Not JSON is -32700. A batch (a top-level array: not supported since MCP 2025-06-18),
    /// anything but an object, a missing or wrong `"jsonrpc": "2.0"`, a method that is not a
    /// string, an id that is not a string or an integer, params that are neither an object nor
    /// an array, or a response without exactly one of `result` and `error` is -32600.
    /// - Parameters:
    ///   - bytes: The line, without its line ending.
    ///   - maximumDepth: The deepest nesting accepted in the JSON.
    /// - Returns: The message.
    /// - Throws: `JSONRPCDecodingFailure` with the error to answer.
    public static func decode(_ bytes: [UInt8], maximumDepth: Int = 64)
        throws(JSONRPCDecodingFailure) -> JSONRPCMessage
    {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes, maximumDepth: maximumDepth)
        } catch {
            throw JSONRPCDecodingFailure(id: nil, error: .parseError("Parse error: \(error.description)"))
        }
        if case .array = value {
            throw JSONRPCDecodingFailure(id: nil, error: .invalidRequest("Invalid Request: batches are not supported"))
        }
        guard let object = value.objectValue else {
            throw JSONRPCDecodingFailure(id: nil, error: .invalidRequest("Invalid Request: not an object"))
        }
        let rawID = object["id"]
        let id = rawID.flatMap(JSONRPCID.init)
        func invalid(_ reason: String) -> JSONRPCDecodingFailure {
            JSONRPCDecodingFailure(id: id, error: .invalidRequest("Invalid Request: \(reason)"))
        }
        guard object["jsonrpc"] == "2.0" else { throw invalid(#""jsonrpc" must be "2.0""#) }
        if rawID != nil, id == nil, rawID != .null || object["method"] != nil {
            throw invalid(#""id" must be a string or an integer"#)
        }
        if let method = object["method"] {
            guard let name = method.stringValue else { throw invalid(#""method" must be a string"#) }
            let params = object["params"]
            switch params {
            case nil, .object?, .array?: break
            default: throw invalid(#""params" must be an object or an array"#)
            }
            guard let id else { return .notification(method: name, params: params) }
            return .request(id: id, method: name, params: params)
        }
        return try decodeResponse(object, id: id, invalid: invalid)
    }

    private static func decodeResponse(
        _ object: JSONObject, id: JSONRPCID?, invalid: (String) -> JSONRPCDecodingFailure
    ) throws(JSONRPCDecodingFailure) -> JSONRPCMessage {
        switch (object["result"], object["error"]) {
        case (let result?, nil):
            guard let id else { throw invalid(#"a response needs an "id""#) }
            return .response(id: id, result: result)
        case (nil, let error?):
            guard let code = error["code"]?.intValue, case .integer = error["code"],
                let message = error["message"]?.stringValue
            else { throw invalid(#""error" must have an integer "code" and a string "message""#) }
            guard id != nil || object["id"] == .null else { throw invalid(#"an error response needs an "id""#) }
            return .errorResponse(id: id, error: JSONRPCError(code: code, message: message, data: error["data"]))
        default:
            throw invalid(#"a message needs a "method", or exactly one of "result" and "error""#)
        }
    }
}
