/// Small builders for the JSON Schema (2020-12) values a tool declares as its input and output.
///
/// Each returns a plain `JSONValue`, so a schema can be finished by hand where these stop.
/// `nullable: true` writes the type as `["<type>", "null"]`.
public enum JSONSchema {
    /// An object schema.
    /// - Parameters:
    ///   - properties: Each property's name and schema, in order.
    ///   - required: The names that must be present.
    ///   - additionalProperties: Whether names not listed are allowed.
    ///   - description: What the object is.
    ///   - nullable: Whether `null` is allowed too.
    /// - Returns: The schema.
    public static func object(
        properties: [(String, JSONValue)], required: [String] = [], additionalProperties: Bool = false,
        description: String? = nil, nullable: Bool = false
    ) -> JSONValue {
        var schema = base("object", description: description, nullable: nullable)
        schema["properties"] = .object(JSONObject(properties))
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        schema["additionalProperties"] = .bool(additionalProperties)
        return .object(schema)
    }

    /// A string schema.
    /// - Parameters:
    ///   - description: What the string is.
    ///   - enum: The only values allowed, when there is such a list.
    ///   - pattern: A regular expression the value must match.
    ///   - default: The value used when it is left out.
    ///   - nullable: Whether `null` is allowed too.
    /// - Returns: The schema.
    public static func string(
        description: String? = nil, enum choices: [String]? = nil, pattern: String? = nil,
        default defaultValue: String? = nil, nullable: Bool = false
    ) -> JSONValue {
        var schema = base("string", description: description, nullable: nullable)
        if let choices { schema["enum"] = .array(choices.map(JSONValue.string) + (nullable ? [.null] : [])) }
        if let pattern { schema["pattern"] = .string(pattern) }
        if let defaultValue { schema["default"] = .string(defaultValue) }
        return .object(schema)
    }

    /// An integer schema.
    /// - Parameters:
    ///   - description: What the number is.
    ///   - minimum: The smallest value allowed.
    ///   - maximum: The largest value allowed.
    ///   - default: The value used when it is left out.
    ///   - nullable: Whether `null` is allowed too.
    /// - Returns: The schema.
    public static func integer(
        description: String? = nil, minimum: Int? = nil, maximum: Int? = nil, default defaultValue: Int? = nil,
        nullable: Bool = false
    ) -> JSONValue {
        var schema = base("integer", description: description, nullable: nullable)
        if let minimum { schema["minimum"] = .integer(minimum) }
        if let maximum { schema["maximum"] = .integer(maximum) }
        if let defaultValue { schema["default"] = .integer(defaultValue) }
        return .object(schema)
    }

    /// A number schema.
    /// - Parameters:
    ///   - description: What the number is.
    ///   - minimum: The smallest value allowed.
    ///   - maximum: The largest value allowed.
    ///   - default: The value used when it is left out.
    ///   - nullable: Whether `null` is allowed too.
    /// - Returns: The schema.
    public static func number(
        description: String? = nil, minimum: Double? = nil, maximum: Double? = nil,
        default defaultValue: Double? = nil, nullable: Bool = false
    ) -> JSONValue {
        var schema = base("number", description: description, nullable: nullable)
        if let minimum { schema["minimum"] = .number(minimum) }
        if let maximum { schema["maximum"] = .number(maximum) }
        if let defaultValue { schema["default"] = .number(defaultValue) }
        return .object(schema)
    }

    /// A Boolean schema.
    /// - Parameters:
    ///   - description: What the flag means.
    ///   - default: The value used when it is left out.
    ///   - nullable: Whether `null` is allowed too.
    /// - Returns: The schema.
    public static func boolean(description: String? = nil, default defaultValue: Bool? = nil, nullable: Bool = false)
        -> JSONValue
    {
        var schema = base("boolean", description: description, nullable: nullable)
        if let defaultValue { schema["default"] = .bool(defaultValue) }
        return .object(schema)
    }

    /// An array schema.
    /// - Parameters:
    ///   - items: The schema of every element.
    ///   - description: What the array is.
    ///   - minItems: The fewest elements allowed.
    ///   - maxItems: The most elements allowed.
    ///   - nullable: Whether `null` is allowed too.
    /// - Returns: The schema.
    public static func array(
        items: JSONValue, description: String? = nil, minItems: Int? = nil, maxItems: Int? = nil,
        nullable: Bool = false
    ) -> JSONValue {
        var schema = base("array", description: description, nullable: nullable)
        schema["items"] = items
        if let minItems { schema["minItems"] = .integer(minItems) }
        if let maxItems { schema["maxItems"] = .integer(maxItems) }
        return .object(schema)
    }

    private static func base(_ type: String, description: String?, nullable: Bool) -> JSONObject {
        var schema = JSONObject()
        schema["type"] = nullable ? [.string(type), "null"] : .string(type)
        if let description { schema["description"] = .string(description) }
        return schema
    }
}
