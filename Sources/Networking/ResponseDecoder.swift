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
            throw shapeError(detail, as: T.self)
        }
        guard let typed = value as? T else {
            // (never: `readable` is `T`)
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "unexpected type"))
        }
        return typed
    }

    /// The reader's account of a wrong shape as the `DecodingError` callers classify, with the
    /// place it names (`$.results[0]: expected an object`) as its coding path, so the message
    /// says where rather than "top level".
    private static func shapeError<T>(_ detail: String, as type: T.Type) -> DecodingError {
        guard detail.hasPrefix("$"), let separator = detail.firstRange(of: ": ") else {
            return .typeMismatch(T.self, .init(codingPath: [], debugDescription: detail))
        }
        let path = JSONPathKey.keys(in: detail[..<separator.lowerBound])
        let what = String(detail[separator.upperBound...])
        if what == "missing", let key = path.last {
            return .keyNotFound(key, .init(codingPath: Array(path.dropLast()), debugDescription: what))
        }
        return .typeMismatch(T.self, .init(codingPath: path, debugDescription: what))
    }
}

/// One step of a path as the reader writes it: `.results` or `[0]`.
private struct JSONPathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The steps of `$.results[0].name` (the `$` first).
    static func keys(in path: Substring) -> [JSONPathKey] {
        var keys: [JSONPathKey] = []
        var rest = path.dropFirst()
        while let first = rest.first {
            rest = rest.dropFirst()
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            let name = rest[..<end]
            rest = rest[end...]
            if first == "[", name.hasSuffix("]"), let index = Int(name.dropLast()) {
                keys.append(JSONPathKey(intValue: index))
            } else {
                keys.append(JSONPathKey(stringValue: String(name)))
            }
        }
        return keys
    }
}
