import Foundation

/// Requests an endpoint and decodes its answer; every failure arrives as `DataTransferError`.
public protocol DataTransferService: Sendable {
    /// - Parameter endpoint: What to request and how to decode it.
    /// - Returns: The decoded response.
    /// - Throws: `DataTransferError`, wrapping network failures and decoding problems.
    func request<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError) -> E.Response
}

/// An answer decoded, with the body it was decoded from.
public struct DecodedResponse<Value: Sendable>: Sendable {
    /// What the endpoint's decoder made of `body`.
    public let value: Value
    /// The bytes the endpoint's decoder has just read successfully: decoding them again with it
    /// gives `value` again, whatever the response type (`Encodable` or not).
    public let body: Data

    public init(value: Value, body: Data) {
        self.value = value
        self.body = body
    }
}

/// A data transfer service that also hands back the body each answer was decoded from. A
/// decorator that keeps answers needs it: `CachingDataTransferService` wraps only such a
/// service and stores exactly those bytes, so every endpoint is cached, whatever its response
/// type. `request(_:)` comes with it.
public protocol BodyKeepingDataTransferService: DataTransferService {
    /// - Parameter endpoint: What to request and how to decode it.
    /// - Returns: The decoded response and the body it was decoded from.
    /// - Throws: `DataTransferError`, wrapping network failures and decoding problems.
    func decodedResponse<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError)
        -> DecodedResponse<E.Response>
}

extension BodyKeepingDataTransferService {
    public func request<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError) -> E.Response {
        try await decodedResponse(endpoint).value
    }
}

/// Calls the network service and decodes with the endpoint's decoder.
public struct DefaultDataTransferService: BodyKeepingDataTransferService {
    private let networkService: any NetworkService

    /// - Parameter networkService: Sends requests and checks their status.
    public init(networkService: any NetworkService) {
        self.networkService = networkService
    }

    public func decodedResponse<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError)
        -> DecodedResponse<E.Response>
    {
        let response: NetworkResponse
        do {
            response = try await networkService.request(endpoint)
        } catch {
            throw .networkFailure(error)
        }
        return DecodedResponse(
            value: try Self.decode(response.body, with: endpoint.responseDecoder), body: response.body)
    }

    static func decode<T: Decodable>(_ body: Data, with decoder: any ResponseDecoder) throws(DataTransferError) -> T {
        guard let first = body.first(where: { !Self.isWhitespace($0) }) else {
            throw .noResponse
        }
        do {
            return try decoder.decode(body, as: T.self)
        } catch let error as DecodingError {
            if first == UInt8(ascii: "<") { throw .parsing(.htmlPage) }
            throw .parsing(ParsingFailure(error))
        } catch {
            throw .parsing(.malformed(String(describing: error)))
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension ParsingFailure {
    /// Classifies a `DecodingError` as invalid JSON or JSON of the wrong shape.
    init(_ error: DecodingError) {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .malformed(context.debugDescription)
        case .dataCorrupted(let context):
            self = .unexpectedShape("\(Self.path(context.codingPath)): \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            self = .unexpectedShape("\(Self.path(context.codingPath + [key])): missing")
        case .typeMismatch(let type, let context):
            self = .unexpectedShape("\(Self.path(context.codingPath)): expected \(Self.kind(of: type, context))")
        case .valueNotFound(let type, let context):
            self = .unexpectedShape(
                "\(Self.path(context.codingPath)): expected \(Self.kind(of: type, context)), found null")
        @unknown default:
            self = .unexpectedShape(String(describing: error))
        }
    }

    /// What was expected, in JSON's words: a user reads this, so never a Swift type's name.
    private static func kind(of type: Any.Type, _ context: DecodingError.Context) -> String {
        // The forward-only reader says it in JSON's words already ("expected an object").
        if context.debugDescription.hasPrefix("expected ") { return String(context.debugDescription.dropFirst(9)) }
        switch type {
        case is String.Type, is Substring.Type, is URL.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type, is Decimal.Type: return "a number"
        case is any ExpressibleByArrayLiteral.Type: return "an array"
        default: return "an object"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        let parts = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        return parts.isEmpty ? "top level" : "$" + parts.joined()
    }
}
