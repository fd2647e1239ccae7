import Foundation

/// One `name=value` pair of a URL query, kept in order and encoded by `FormURLEncoding`.
///
/// `URLQueryItem` is not used for building requests because `URLComponents` leaves `+`
/// unescaped, and servers that follow form encoding read it as a space.
public struct QueryItem: Hashable, Sendable {
    public let name: String
    public let value: String

    /// - Parameters:
    ///   - name: The parameter name, encoded as given.
    ///   - value: The parameter value, encoded as given.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
