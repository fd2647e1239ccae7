import Foundation

/// Everything that can go wrong between sending an endpoint and holding its decoded value.
public enum DataTransferError: Error, Equatable, Sendable {
    /// The request did not get a 2xx answer.
    case networkFailure(NetworkError)
    /// A 2xx answer arrived but its body could not be decoded.
    case parsing(ParsingFailure)
    /// A 2xx answer arrived with an empty body.
    case noResponse
}

/// Why a body could not be decoded, in words fit for a log line.
public enum ParsingFailure: Equatable, Sendable {
    /// The body is an HTML page (servers send these for some errors, with status 200).
    case htmlPage
    /// The body is not valid JSON.
    case malformed(String)
    /// The body is JSON of a shape other than expected.
    case unexpectedShape(String)
}
