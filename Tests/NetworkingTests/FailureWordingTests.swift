import Foundation
import Mocks
import Networking
import Testing

/// What reaches a user's eyes from Networking — the shape detail of an unreadable answer and
/// `-v`'s failure text — is in words, never a Swift type's name or a value dump.
@Suite("Failures in words")
struct FailureWordingTests {
    /// Opts into the forward-only reader, as the package's DTOs do.
    private struct ReadableEnvelope: JSONReadable, Decodable, Sendable {
        let results: [Int]

        init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
            try reader.readObject { reader, _ throws(JSONReader.Failure) in try reader.skipValue() }
            results = []
        }
    }

    private struct PlainEnvelope: Decodable, Sendable {
        let results: [Int]
    }

    private func shapeDetail<T: Decodable & Sendable>(_ body: String, as type: T.Type) async -> String? {
        let service = DefaultDataTransferService(networkService: MockNetworkService.answering(Data(body.utf8)))
        do {
            _ = try await service.request(Endpoint<T>(path: "search"))
        } catch {
            if case .parsing(.unexpectedShape(let detail)) = error { return detail }
        }
        return nil
    }

    @Test(
        "Given an array where an object belongs, when read by either decoder, then the detail says so in JSON's words")
    func topLevelShape() async throws {
        let fast = try #require(await shapeDetail("[1,2,3]", as: ReadableEnvelope.self))
        let plain = try #require(await shapeDetail("[1,2,3]", as: PlainEnvelope.self))
        #expect(fast == "top level: expected an object")
        #expect(plain == "top level: expected an object")
    }

    @Test("Given a place the reader names, when read by the fast reader, then the detail keeps that place")
    func readerNamesPlace() async throws {
        struct Placed: JSONReadable, Decodable, Sendable {
            init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
                try reader.skipValue()
                throw .unexpectedShape("$.results[3].name: expected a string")
            }
        }
        struct Missing: JSONReadable, Decodable, Sendable {
            init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
                try reader.skipValue()
                throw .unexpectedShape("$.results: missing")
            }
        }
        #expect(await shapeDetail("{}", as: Placed.self) == "$.results[3].name: expected a string")
        #expect(await shapeDetail("{}", as: Missing.self) == "$.results: missing")
    }

    @Test("Given a member of the wrong kind, when decoded, then the detail names its path and the JSON kind")
    func memberShape() async throws {
        let detail = try #require(await shapeDetail(#"{"results": {"a": 1}}"#, as: PlainEnvelope.self))
        #expect(detail == "$.results: expected an array")
        let element = try #require(await shapeDetail(#"{"results": ["x"]}"#, as: PlainEnvelope.self))
        #expect(element == "$.results[0]: expected a number")
    }

    @Test(
        "Every network failure reads as words, with no type name or value dump",
        arguments: [
            (NetworkError.responseTooLarge(limit: 10_485_760), "the body is larger than 10485760 bytes"),
            (.tls(.untrustedCertificate), "TLS: the certificate is not signed by a trusted authority"),
            (
                .redirectRejected("a redirect to a non-http(s) URL"),
                "redirect not followed: a redirect to a non-http(s) URL"
            ),
            (.httpStatus(HTTPFailure(statusCode: 503)), "HTTP 503"),
            (.timedOut, "timed out"),
        ])
    func networkErrorWords(error: NetworkError, words: String) {
        #expect(String(describing: error) == words)
    }

    @Test("A spent request budget reads as not sent, with the budget's rate and the wait in whole seconds")
    func budgetWords() throws {
        let rate = try #require(RequestRate(parsing: "20/60"))
        let error = NetworkError.rateBudgetExhausted(retryAfter: .milliseconds(41_200), rate: rate)
        #expect(String(describing: error) == "not sent: the request budget (20 a minute) has no slot for 42 s")
    }
}
