import Foundation
import JSON

extension CatalogOperation {
    /// The JSON Schema of the operation's arguments: one property per parameter with its type,
    /// range or choices and default; the required ones listed; nothing else allowed. The MCP
    /// tool's `inputSchema`, and the source of the OpenAPI parameters.
    /// - Parameter defaults: The settings' country and page size, shown as defaults.
    public func inputSchema(defaults: OperationDefaults) -> JSONValue {
        JSONSchema.object(
            properties: parameters.map { ($0.name, $0.schema(defaults: defaults)) },
            required: parameters.filter(\.isRequired).map(\.name))
    }

    /// The JSON Schema of the result: an object whose one member, named for the rows
    /// (`videos`), is the array of rows, each an object of the row's fields with their types
    /// (`null` where the service may leave a value out).
    public var outputSchema: JSONValue {
        JSONSchema.object(
            properties: [(rows.name, JSONSchema.array(items: rows.rowSchema, description: rows.description))],
            required: [rows.name])
    }
}

extension RowSchema {
    /// One row's JSON Schema. Fields may be left out by `fields=`, so none is required here;
    /// every field the row has is described, and no other.
    public var rowSchema: JSONValue {
        JSONSchema.object(
            properties: fields.map { field in
                let description = field.summary
                let nullable = field.isNullable
                let schema: JSONValue =
                    switch field.type {
                    case .string: JSONSchema.string(description: description, nullable: nullable)
                    case .integer: JSONSchema.integer(description: description, nullable: nullable)
                    case .number: JSONSchema.number(description: description, nullable: nullable)
                    case .boolean: JSONSchema.boolean(description: description, nullable: nullable)
                    }
                return (field.key, schema)
            }, description: rowSummary)
    }
}

extension OperationParameter {
    /// The parameter's JSON Schema: its type, range or choices, and its default.
    public func schema(defaults: OperationDefaults) -> JSONValue {
        let value = defaultValue(defaults)
        switch kind {
        case .text(let maximum):
            var schema = JSONSchema.string(description: summary, default: value?.text)
            if case .object(var object) = schema {
                object["minLength"] = .integer(1)
                object["maxLength"] = .integer(maximum)
                schema = .object(object)
            }
            return schema
        case .integer(let range):
            return JSONSchema.integer(
                description: summary, minimum: range.lowerBound, maximum: range.upperBound, default: value?.integer)
        case .choice(let choices):
            return JSONSchema.string(description: summary, enum: choices, default: value?.text)
        case .boolean:
            return JSONSchema.boolean(description: summary, default: value?.boolean)
        case .country:
            return JSONSchema.string(description: summary, pattern: "^[A-Za-z]{2}$", default: value?.text)
        }
    }
}

extension ParameterValue {
    fileprivate var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    fileprivate var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }

    fileprivate var boolean: Bool? {
        if case .boolean(let flag) = self { return flag }
        return nil
    }
}
