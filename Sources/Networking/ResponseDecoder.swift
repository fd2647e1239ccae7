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
/// whitespace, so bodies that start with blank lines decode as they are. Invalid UTF-8, which
/// would make the whole body unreadable, is replaced with U+FFFD and decoding tried once more.
public struct JSONResponseDecoder: ResponseDecoder {
    private let decoder = JSONDecoder()

    public init() {}

    public func decode<T: Decodable>(_ data: Data, as type: T.Type) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            guard String(validating: data, as: UTF8.self) == nil else { throw error }
            return try decoder.decode(type, from: Data(String(decoding: data, as: UTF8.self).utf8))
        }
    }
}
