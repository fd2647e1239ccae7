import Foundation

/// Hands the body over as it came (`Data`), for answers that are files rather than documents —
/// a picture. A body larger than `maximumBytes` is refused, whatever the engine let through.
public struct RawDataResponseDecoder: ResponseDecoder {
    /// The largest body accepted.
    public let maximumBytes: Int

    /// - Parameter maximumBytes: The largest body accepted.
    public init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    public func decode<T: Decodable>(_ data: Data, as type: T.Type) throws -> T {
        guard data.count <= maximumBytes else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "the answer has \(data.count) bytes, more than \(maximumBytes)")
            )
        }
        guard let value = data as? T else {
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: [], debugDescription: "expected the bytes of a file"))
        }
        return value
    }
}
