import Foundation

/// What an operation's rows are: a name for the list (`videos`, the key of the list in a JSON
/// result) and each row's fields, in order, with their JSON types. The OpenAPI response schema,
/// the MCP output schema and the `fields=` a request may ask for all follow from it; the keys
/// are the command line's `--json` keys.
public struct RowSchema: Sendable, Equatable {
    /// The JSON type of a field's value.
    public enum FieldType: String, Sendable, Equatable {
        case string, integer, number, boolean
    }

    /// One field of a row.
    public struct Field: Sendable, Equatable {
        public let key: String
        public let type: FieldType
        /// Whether the service may leave it out (then it is `null`).
        public let isNullable: Bool
        public let summary: String

        public init(_ key: String, _ type: FieldType, nullable: Bool = true, _ summary: String) {
            self.key = key
            self.type = type
            isNullable = nullable
            self.summary = summary
        }
    }

    /// The name of the list: `videos`, `artists`, `searches`.
    public let name: String
    /// What one row is, in a few words: `a music video`.
    public let rowSummary: String
    /// What the rows are, in messages: `chart entries`.
    public let description: String
    public let fields: [Field]

    public init(name: String, rowSummary: String, description: String? = nil, fields: [Field]) {
        self.name = name
        self.rowSummary = rowSummary
        self.description = description ?? name
        self.fields = fields
    }

    /// The keys, in order.
    public var keys: [String] { fields.map(\.key) }

    /// The positions of the keys asked for, in the order asked (`fields=title,id`).
    /// - Throws: `OperationFailure.invalidArgument` naming the first unknown key.
    public func positions(of keys: [String]) throws(OperationFailure) -> [Int] {
        var positions: [Int] = []
        for key in keys {
            guard let position = fields.firstIndex(where: { $0.key == key }) else {
                throw .invalidArgument(
                    parameter: "fields",
                    message: "unknown field \"\(OperationFailure.shortened(key))\" for \(description)",
                    hint: "choose from \(self.keys.joined(separator: ", "))")
            }
            positions.append(position)
        }
        return positions
    }
}

/// One row's values, in its schema's field order.
public struct CatalogRow: Sendable, Equatable {
    public let values: [FieldValue]

    public init(_ values: [FieldValue]) {
        self.values = values
    }
}

/// A field's value.
public enum FieldValue: Sendable, Equatable {
    case null
    case string(String)
    case integer(Int)
    /// A decimal number, kept exact (a price: `1.29`).
    case decimal(Decimal)
    case boolean(Bool)

    /// Text, or `null` when absent.
    static func string(_ text: String?) -> FieldValue { text.map(FieldValue.string) ?? .null }

    /// A whole number, or `null` when absent.
    static func integer(_ number: Int?) -> FieldValue { number.map(FieldValue.integer) ?? .null }
}
