/// A JSON-RPC request's id: a string or an integer (MCP allows no `null` id).
import JSON

public enum JSONRPCID: Sendable, Hashable, CustomStringConvertible {
    /// A string id.
    case string(String)
    /// An integer id.
    case integer(Int)

    /// The id read from a JSON value, when it is a string or an integer.
    /// - Parameter value: The value of an `id` member.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let string): self = .string(string)
        case .integer(let integer): self = .integer(integer)
        default: return nil
        }
    }

    /// The id as a JSON value.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let string): return .string(string)
        case .integer(let integer): return .integer(integer)
        }
    }

    /// The id as JSON text.
    public var description: String { jsonValue.serializedString }
}
