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
/// A leading byte-order mark is skipped, and a document nested deeper than
/// `JSONReader.maximumDepth` is refused before `JSONDecoder` (which recurses) sees it.
public struct JSONResponseDecoder: ResponseDecoder {
    private let decoder = JSONDecoder()

    public init() {}

    public func decode<T: Decodable>(_ data: Data, as type: T.Type) throws -> T {
        if let readable = type as? any JSONReadable.Type {
            return try Self.read(readable, from: data, as: type)
        }
        guard JSONReader.nestingIsWithin(in: data) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "nested more than \(JSONReader.maximumDepth) levels deep"))
        }
        let data = data.starts(with: Self.byteOrderMark) ? data.dropFirst(Self.byteOrderMark.count) : data
        do {
            return try decoder.decode(type, from: data)
        } catch {
            guard String(validating: data, as: UTF8.self) == nil else { throw error }
            return try decoder.decode(type, from: Data(String(decoding: data, as: UTF8.self).utf8))
        }
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The fast path, with failures reported as the `DecodingError`s callers classify.
    private static func read<T>(_ readable: any JSONReadable.Type, from data: Data, as type: T.Type) throws -> T {
        let value: any JSONReadable
        do {
            value = try JSONReader.read(readable, from: data)
        } catch .malformed(let offset, let reason) {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(reason) at byte \(offset)"))
        } catch .unexpectedShape(let detail) {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: detail))
        }
        guard let typed = value as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "unexpected type"))
        }
        return typed
    }
}
