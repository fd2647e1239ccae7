import Foundation

/// Turns a response body into a value.
public protocol ResponseDecoder: Sendable {
    /// - Parameters:
    ///   - data: The response body.
    ///   - type: The type to decode.
    /// - Returns: The decoded value.
    /// - Throws: Whatever the underlying decoder throws when the body does not fit.
    func decode<T: Decodable>(_ data: Data, as type: T.Type) throws -> T
}

/// Decodes JSON with Foundation's `JSONDecoder`, which accepts leading and trailing
/// whitespace, so bodies that start with blank lines decode as they are.
public struct JSONResponseDecoder: ResponseDecoder {
    public init() {}

    public func decode<T: Decodable>(_ data: Data, as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
