import Foundation
import Mocks
import Networking
import Testing

@Suite("The data transfer service decodes and maps every error into DataTransferError")
struct DataTransferServiceTests {
    private struct Envelope: Decodable, Sendable, Equatable {
        let resultCount: Int
        let results: [Int]
    }

    private let endpoint = Endpoint<Envelope>(path: "search")

    private func request(body: String) async throws(DataTransferError) -> Envelope {
        try await DefaultDataTransferService(networkService: MockNetworkService.answering(Data(body.utf8))).request(
            endpoint)
    }

    @Test("Given a body that starts and ends with blank lines, it decodes")
    func decodesPaddedBody() async throws {
        let value = try await request(body: "\n\n\n{\n \"resultCount\":2,\n \"results\": [1, 2]}\n\n\n")
        #expect(value == Envelope(resultCount: 2, results: [1, 2]))
    }

    @Test("An empty or all-whitespace body is .noResponse", arguments: ["", "\n\n\n", " \r\n\t"])
    func emptyBody(body: String) async {
        await #expect(throws: DataTransferError.noResponse) { _ = try await request(body: body) }
    }

    @Test("An HTML page with status 200 is recognised as such")
    func htmlPage() async {
        let html =
            "<html><head><title>Error</title></head><body>Your request produced an error.  <BR>[newNullResponse]</body></html>"
        await #expect(throws: DataTransferError.parsing(.htmlPage)) { _ = try await request(body: html) }
    }

    @Test("Invalid JSON is .malformed; JSON of the wrong shape is .unexpectedShape")
    func classifiesParsingFailures() async {
        do {
            _ = try await request(body: "{\"resultCount\": 1, \"results\": [")
            Issue.record("expected a failure")
        } catch {
            guard case .parsing(.malformed) = error else { return #expect(Bool(false), "got \(error)") }
        }
        do {
            _ = try await request(body: "{\"resultCount\": 1}")
            Issue.record("expected a failure")
        } catch {
            guard case .parsing(.unexpectedShape(let detail)) = error else {
                return #expect(Bool(false), "got \(error)")
            }
            #expect(detail.contains("results"))
        }
    }

    @Test("A network failure arrives wrapped, unchanged")
    func wrapsNetworkFailure() async {
        let failure = NetworkError.httpStatus(HTTPFailure(statusCode: 502))
        let service = DefaultDataTransferService(networkService: MockNetworkService.failing(with: failure))
        await #expect(throws: DataTransferError.networkFailure(failure)) { _ = try await service.request(endpoint) }
    }
}
