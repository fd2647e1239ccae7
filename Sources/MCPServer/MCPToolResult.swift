/// What a tool call returns: `{content: [{type: "text", text}], structuredContent?, isError}`.
import JSON

public struct MCPToolResult: Sendable, Hashable {
    /// The text of the one text content block.
    public var text: String
    /// The structured result, when there is one.
    public var structuredContent: JSONObject?
    /// Whether the call failed (a tool error the model can read, not a protocol error).
    public var isError: Bool

    /// A result.
    /// - Parameters:
    ///   - text: The text block.
    ///   - structuredContent: The structured result.
    ///   - isError: Whether the call failed.
    public init(text: String, structuredContent: JSONObject? = nil, isError: Bool = false) {
        self.text = text
        self.structuredContent = structuredContent
        self.isError = isError
    }

    /// A successful result whose text block is `structured` serialized, as the spec asks of a
    /// tool that returns structured content.
    /// - Parameter structured: The result.
    /// - Returns: The result.
    public static func success(structured: JSONObject) -> Self {
        Self(text: JSONValue.object(structured).serializedString, structuredContent: structured)
    }

    /// A failed call.
    /// - Parameters:
    ///   - text: What went wrong, worded for the model.
    ///   - structured: The same as a structured value, when there is one.
    /// - Returns: The result, `isError` true.
    public static func error(_ text: String, structured: JSONObject? = nil) -> Self {
        Self(text: text, structuredContent: structured, isError: true)
    }

    /// The result as the `result` of a `tools/call` response.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["content": [["type": "text", "text": .string(text)]]]
        if let structuredContent { object["structuredContent"] = .object(structuredContent) }
        object["isError"] = .bool(isError)
        return .object(object)
    }
}
