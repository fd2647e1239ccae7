/// Hints about a tool's behaviour (`annotations`); a hint left `nil` is not sent, and clients
/// then assume the spec's defaults (not read-only, destructive, not idempotent, open world).
import JSON

public struct MCPToolAnnotations: Sendable, Hashable {
    /// A name for people.
    public var title: String?
    /// Whether the tool changes nothing.
    public var readOnlyHint: Bool?
    /// Whether the tool may destroy or overwrite something.
    public var destructiveHint: Bool?
    /// Whether calling it again with the same arguments has no further effect.
    public var idempotentHint: Bool?
    /// Whether the tool reaches outside the server (the network, other systems).
    public var openWorldHint: Bool?

    /// Annotations.
    /// - Parameters:
    ///   - title: A name for people.
    ///   - readOnlyHint: Whether the tool changes nothing.
    ///   - destructiveHint: Whether it may destroy something.
    ///   - idempotentHint: Whether repeating a call has no further effect.
    ///   - openWorldHint: Whether it reaches outside the server.
    public init(
        title: String? = nil, readOnlyHint: Bool? = nil, destructiveHint: Bool? = nil, idempotentHint: Bool? = nil,
        openWorldHint: Bool? = nil
    ) {
        self.title = title
        self.readOnlyHint = readOnlyHint
        self.destructiveHint = destructiveHint
        self.idempotentHint = idempotentHint
        self.openWorldHint = openWorldHint
    }

    /// The annotations as a JSON object, leaving out what is `nil`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        if let title { object["title"] = .string(title) }
        if let readOnlyHint { object["readOnlyHint"] = .bool(readOnlyHint) }
        if let destructiveHint { object["destructiveHint"] = .bool(destructiveHint) }
        if let idempotentHint { object["idempotentHint"] = .bool(idempotentHint) }
        if let openWorldHint { object["openWorldHint"] = .bool(openWorldHint) }
        return object
    }
}
