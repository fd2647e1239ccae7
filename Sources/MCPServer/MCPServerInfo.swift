/// Who the server is, as `initialize` tells the client.
public struct MCPServerInfo: Sendable, Hashable {
    /// The program's name (`serverInfo.name`).
    public var name: String
    /// A name for people (`serverInfo.title`), when there is one.
    public var title: String?
    /// The program's version (`serverInfo.version`).
    public var version: String
    /// How to use the server, for the model (`instructions`), when there is such advice.
    public var instructions: String?

    /// The server's description.
    /// - Parameters:
    ///   - name: The program's name.
    ///   - title: A name for people.
    ///   - version: The program's version.
    ///   - instructions: How to use the server.
    public init(name: String, title: String? = nil, version: String, instructions: String? = nil) {
        self.name = name
        self.title = title
        self.version = version
        self.instructions = instructions
    }
}
