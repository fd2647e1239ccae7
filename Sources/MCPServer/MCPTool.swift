/// A tool the server offers: its description for `tools/list` and the handler `tools/call` runs.
import JSON

public struct MCPTool: Sendable {
    /// The tool's unique name.
    public var name: String
    /// A name for people, when there is one.
    public var title: String?
    /// What the tool does, for the model.
    public var description: String
    /// The JSON Schema of `arguments` (an object schema).
    public var inputSchema: JSONValue
    /// The JSON Schema of `structuredContent`, when the tool declares one.
    public var outputSchema: JSONValue?
    /// Hints about the tool's behaviour.
    public var annotations: MCPToolAnnotations
    /// Runs one call: takes the arguments (an empty object when the client sent none) and the
    /// call's context; runs in a task of its own, cancelled on `notifications/cancelled`.
    public var handler: @Sendable (JSONObject, MCPToolContext) async -> MCPToolResult

    /// A tool.
    /// - Parameters:
    ///   - name: The unique name.
    ///   - title: A name for people.
    ///   - description: What it does.
    ///   - inputSchema: The schema of its arguments.
    ///   - outputSchema: The schema of its structured result.
    ///   - annotations: Hints about its behaviour.
    ///   - handler: What a call runs.
    public init(
        name: String, title: String? = nil, description: String, inputSchema: JSONValue,
        outputSchema: JSONValue? = nil, annotations: MCPToolAnnotations = MCPToolAnnotations(),
        handler: @escaping @Sendable (JSONObject, MCPToolContext) async -> MCPToolResult
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
        self.annotations = annotations
        self.handler = handler
    }

    /// The tool as `tools/list` lists it.
    public var jsonObject: JSONObject {
        var object: JSONObject = ["name": .string(name)]
        if let title { object["title"] = .string(title) }
        object["description"] = .string(description)
        object["inputSchema"] = inputSchema
        if let outputSchema { object["outputSchema"] = outputSchema }
        let hints = annotations.jsonObject
        if !hints.isEmpty { object["annotations"] = .object(hints) }
        return object
    }
}
