/// A JSON object: members in insertion order with dictionary-like lookup by name.
///
/// Setting a name that is already there replaces its value in place; setting `nil` removes it.
/// Two objects are equal when they have the same members in the same order.
public struct JSONObject: Sendable, Hashable {
    /// The members, in order.
    public private(set) var members: [Member] = []
    private var indexByKey: [String: Int] = [:]

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
    }

    /// An empty object.
    public init() {}

    /// An object of `pairs` in order; a repeated name keeps its first place and its last value.
    /// - Parameter pairs: The members.
    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether there are no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The names, in order.
    public var keys: [String] { members.map(\.key) }

    /// The value named `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = indexByKey[key] else { return nil }
            return members[index].value
        }
        set {
            if let newValue {
                if let index = indexByKey[key] {
                    members[index].value = newValue
                } else {
                    indexByKey[key] = members.count
                    members.append(Member(key: key, value: newValue))
                }
            } else if let index = indexByKey.removeValue(forKey: key) {
                members.remove(at: index)
                for later in index..<members.count { indexByKey[members[later].key] = later }
            }
        }
    }

    /// Whether there is a member named `key`.
    /// - Parameter key: The name.
    /// - Returns: `true` when the object has it.
    public func contains(_ key: String) -> Bool { indexByKey[key] != nil }

    /// Whether the members are the same, in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) { hasher.combine(members) }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// The members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}

extension JSONObject: Sequence {
    /// Iterates over the members in order.
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }
}
