import Foundation
import JSON

extension OperationResult {
    /// The rows as one JSON object, the list under its name: `{"videos": [{"id": 1, …}]}` — what
    /// `serve` answers and what an MCP tool's `structuredContent` is. The rows' keys and values
    /// are the command line's `--json` ones.
    public var jsonObject: JSONObject {
        let rows = objects.map { row in JSONValue.object(JSONObject(row.map { ($0.key, $0.value.jsonValue) })) }
        return JSONObject([(schema.name, .array(rows))])
    }

    /// `jsonObject`'s compact text, byte for byte what `JSONValue.object(jsonObject).serialized()`
    /// writes, written straight from the rows: no object (and no index of its keys) is built
    /// for each row, which is most of what answering a cached request used to cost.
    public var jsonText: [UInt8] {
        // A field asked for twice is written once, in its first place, as `JSONObject` keeps it.
        var seen = Set<Int>()
        let positions = fieldPositions.filter { seen.insert($0).inserted }
        let keys = positions.map { JSONTextBuilder.Key(schema.fields[$0].key) }
        var text = JSONTextBuilder(reservingCapacity: 1024 * (rows.count + 1))
        text.beginObject()
        text.key(schema.name)
        text.beginArray()
        for row in rows {
            text.beginObject()
            for (key, position) in zip(keys, positions) {
                text.key(key)
                text.value(row.values[position].jsonValue)
            }
            text.endObject()
        }
        text.endArray()
        text.endObject()
        return text.bytes
    }
}

extension FieldValue {
    /// The value as JSON: a price as a number.
    public var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .decimal(let number): Double("\(number)").map(JSONValue.number) ?? .null
        case .boolean(let flag): .bool(flag)
        }
    }
}

extension OperationFailure {
    /// `{"error": {"code", "message", "hint"}}`: how `serve` says a failure, and the structured
    /// part of an MCP tool error.
    public var jsonObject: JSONObject {
        var error = JSONObject([("code", .string(code)), ("message", .string(message))])
        if let hint { error["hint"] = .string(hint) }
        return JSONObject([("error", .object(error))])
    }
}
