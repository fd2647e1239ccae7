extension JSONValue {
    /// Parses one JSON text (RFC 8259, strictly).
    ///
    /// Rejected: trailing commas, `NaN` and `Infinity`, leading zeros, single quotes, comments,
    /// raw control characters and lone surrogates in strings, invalid UTF-8, a name repeated in
    /// one object, and anything but whitespace after the value. Integers that fit `Int` become
    /// `.integer`; other numbers `.number` (a number too large for `Double` is an error).
    /// - Parameters:
    ///   - bytes: The UTF-8 text.
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted; the parser's
    ///     recursion never goes deeper.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` with the reason and the offset.
    public static func parse(_ bytes: some Collection<UInt8>, maximumDepth: Int = 64) throws(JSONParseError)
        -> JSONValue
    {
        try parse(Array(bytes), maximumDepth: maximumDepth)
    }

    /// Parses one JSON text from an array of bytes; see `parse(_:maximumDepth:)`. (Not generic,
    /// so that a caller in another module gets the specialised parser without a copy.)
    /// - Parameters:
    ///   - bytes: The UTF-8 text.
    ///   - maximumDepth: The deepest nesting accepted.
    /// - Returns: The value.
    /// - Throws: `JSONParseError`.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    /// Parses one JSON text from a string; see `parse(_:maximumDepth:)`.
    /// - Parameters:
    ///   - text: The text.
    ///   - maximumDepth: The deepest nesting accepted.
    /// - Returns: The value.
    /// - Throws: `JSONParseError`.
    public static func parse(_ text: String, maximumDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }
}
