import Foundation

/// One key of a JSON object and how a row gives its value; `nil` is written as `null`.
public struct JSONField<Row>: Sendable {
    public let key: String
    let isString: Bool
    let value: @Sendable (Row) -> String?

    /// A string value, quoted and escaped.
    public static func string(_ key: String, _ value: @escaping @Sendable (Row) -> String?) -> JSONField {
        JSONField(key: key, isString: true, value: value)
    }

    /// A number or literal (`true`, `false`), written as given.
    public static func literal(_ key: String, _ value: @escaping @Sendable (Row) -> String?) -> JSONField {
        JSONField(key: key, isString: false, value: value)
    }

    /// The same key for rows that hold a `Row`: `part` finds it.
    public func pullback<Whole>(_ part: @escaping @Sendable (Whole) -> Row) -> JSONField<Whole> {
        let value = value
        return JSONField<Whole>(key: key, isString: isString, value: { value(part($0)) })
    }
}

/// How JSON output is laid out.
public enum JSONLayout: Sendable {
    /// One array, one object a line.
    case array
    /// One object a line and nothing else, for `jq -c` and streaming.
    case lines
}

/// One JSON array with one object per line, or (`.lines`) the objects alone, one a line. Keys in
/// the row's order, or the chosen ones in the order chosen; absent values are `null`. Strings
/// keep their content; control and bidirectional characters are written as `\uXXXX` escapes, so
/// the output is valid JSON and inert on a terminal.
public struct JSONRenderer<Row: ListRowDescribing>: ListRenderer {
    private let fields: [JSONField<Row>]
    private let layout: JSONLayout

    /// - Parameters:
    ///   - keys: The keys of each object, in order, from the row's `jsonFields`; `nil` for all.
    ///     Unknown keys are left out (App checks them first).
    ///   - layout: An array, or one object a line.
    public init(keys: [String]? = nil, layout: JSONLayout = .array) {
        let all = Row.jsonFields
        fields = keys.map { keys in keys.compactMap { key in all.first { $0.key == key } } } ?? all
        self.layout = layout
    }

    public func render(_ rows: [Row]) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(rows.count * 60 * fields.count + 4)
        let isArray = layout == .array
        if isArray { buffer.append(contentsOf: "[\n".utf8) }
        for (index, row) in rows.enumerated() {
            buffer.append(contentsOf: (isArray ? "  {" : "{").utf8)
            for (position, field) in fields.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                buffer.append(UInt8(ascii: "\""))
                buffer.append(contentsOf: field.key.utf8)
                buffer.append(contentsOf: "\":".utf8)
                if let value = field.value(row) {
                    if field.isString {
                        JSONText.appendQuoted(value, to: &buffer)
                    } else {
                        buffer.append(contentsOf: value.utf8)
                    }
                } else {
                    buffer.append(contentsOf: "null".utf8)
                }
            }
            buffer.append(contentsOf: (!isArray || index == rows.count - 1 ? "}\n" : "},\n").utf8)
        }
        if isArray { buffer.append(contentsOf: "]\n".utf8) }
        return String(decoding: buffer, as: UTF8.self)
    }
}
