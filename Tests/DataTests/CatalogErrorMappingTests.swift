import Data
import Domain
import Foundation
import Mocks
import Networking
import Testing

@Suite("Data-transfer failures become domain errors")
struct CatalogErrorMappingTests {
    private func error(for failure: DataTransferError) async -> CatalogError? {
        let repository = DefaultMusicVideosRepository(
            dataTransferService: MockDataTransferService.failing(with: failure))
        do {
            _ = try await repository.searchMusicVideos(query: MusicVideoQuery(term: "x"))
            return nil
        } catch {
            return error
        }
    }

    private static func status(_ code: Int, body: String = "", headers: [String: String] = [:]) -> DataTransferError {
        .networkFailure(.httpStatus(HTTPFailure(statusCode: code, body: Data(body.utf8), headers: headers)))
    }

    @Test("HTTP 400 carries the service's errorMessage")
    func rejectedWithMessage() async {
        let failure = Self.status(400, body: #"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#)
        #expect(await error(for: failure) == .rejectedQuery(message: "Invalid value(s) for key(s): [country]"))
    }

    @Test("HTTP 400 without a readable body is still a rejected query")
    func rejectedWithoutMessage() async {
        #expect(await error(for: Self.status(400, body: "<html>")) == .rejectedQuery(message: nil))
    }

    @Test("HTTP 403 and 429 mean rate limited, with Retry-After when given")
    func rateLimited() async {
        #expect(await error(for: Self.status(403)) == .rateLimited(retryAfter: nil))
        #expect(await error(for: Self.status(429, headers: ["Retry-After": "30"])) == .rateLimited(retryAfter: 30))
    }

    @Test("A spent request budget is not the service's refusal: unsent, with the wait and the budget's rate")
    func requestBudgetSpent() async throws {
        // The shared request budget had no slot soon enough: the request was never sent.
        let rate = try #require(RequestRate(parsing: "3/10"))
        let spent = DataTransferError.networkFailure(
            .rateBudgetExhausted(retryAfter: .milliseconds(42_500), rate: rate))
        #expect(await error(for: spent) == .requestBudgetSpent(retryAfter: 42.5, rate: "3 in 10 s"))
    }

    @Test("Server errors and other statuses mean unavailable", arguments: [500, 502, 503, 404])
    func unavailable(code: Int) async {
        #expect(await error(for: Self.status(code)) == .serviceUnavailable(statusCode: code))
    }

    @Test(
        "Transport failures map to what a user can act on",
        arguments: [
            (NetworkError.notConnected, CatalogError.offline),
            (.hostNotFound, .serviceUnreachable),
            (.cannotConnect, .serviceUnreachable),
            (.connectionLost, .connectionLost),
            (.redirectRejected("loop"), .redirectRefused(reason: "loop")),
            (.timedOut, .timedOut),
            (.cancelled, .cancelled),
            (
                .proxyRefused(ProxyRefusal(statusCode: 407, variable: "HTTPS_PROXY")),
                .proxyNeedsCredentials(variable: "HTTPS_PROXY")
            ),
            (
                .proxyRefused(ProxyRefusal(statusCode: 403, variable: nil)),
                .proxyRefused(statusCode: 403, variable: nil)
            ),
            (
                .libraryUnavailable(
                    LibraryProblem(
                        library: "libcurl.so.4", package: "libcurl4", kind: .tooOld(found: "7.58.0", needed: "7.68.0"))),
                .requiredLibraryUnavailable(
                    RequiredLibraryProblem(
                        library: "libcurl.so.4", package: "libcurl4", kind: .tooOld(found: "7.58.0", needed: "7.68.0")))
            ),
        ])
    func transport(networkError: NetworkError, expected: CatalogError) async {
        #expect(await error(for: .networkFailure(networkError)) == expected)
    }

    @Test(
        "Unreadable answers say why",
        arguments: [
            (DataTransferError.parsing(.htmlPage), "HTML"),
            (.parsing(.malformed("x")), "not valid JSON"),
            (.parsing(.unexpectedShape("$.results: missing")), "unexpected shape"),
            (.noResponse, "empty"),
            (.networkFailure(.responseTooLarge(limit: 10_485_760)), "larger than 10 MiB"),
            (.networkFailure(.headersTooLarge), "headers too large to read"),
        ])
    func unreadable(failure: DataTransferError, mentions: String) async throws {
        let mapped = try #require(await error(for: failure))
        guard case .unreadableResponse(let reason) = mapped else {
            Issue.record("expected unreadableResponse, got \(mapped)")
            return
        }
        #expect(reason.contains(mentions))
    }
}
