/// A message's header fields: name/value pairs in the order they were given, looked up by name
/// without regard to ASCII case (`headers["host"]` finds `Host`).
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// The fields, in order, names as given.
    public private(set) var fields: [(name: String, value: String)]

    /// Headers holding `fields` in this order.
    /// - Parameter fields: Name/value pairs; a name may repeat.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Headers from a literal, in the literal's order: `["Content-Type": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the field `name` (case-insensitive), or `nil` when absent. Setting
    /// replaces every field of that name with one at the place of the first (or at the end);
    /// setting `nil` removes them all.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            let first = fields.firstIndex { Self.sameName($0.name, name) }
            fields.removeAll { Self.sameName($0.name, name) }
            guard let newValue else { return }
            fields.insert((name: name, value: newValue), at: Swift.min(first ?? fields.count, fields.count))
        }
    }

    /// Every value of the field `name` (case-insensitive), in order.
    /// - Parameter name: The field's name.
    /// - Returns: The values; empty when the field is absent.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (case-insensitive) is present.
    /// - Parameter name: The field's name.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Appends a field, keeping any others of the same name.
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: Its value.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Removes every field named `name` (case-insensitive).
    /// - Parameter name: The field's name.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Whether both hold the same fields in the same order (names compared without case).
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { sameName($0.name, $1.name) && $0.value == $1.value }
    }

    /// Whether two field names are equal, ignoring ASCII case, without allocating.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in ASCII.equalIgnoringCase(left, right) }
        }
    }
}
