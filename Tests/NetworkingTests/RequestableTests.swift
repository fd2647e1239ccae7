import Foundation
import Networking
import Testing

@Suite("Endpoints build requests from the configuration")
struct RequestableTests {
    private struct Empty: Decodable, Sendable {}

    @Test("Given a base URL without a trailing slash, the path is still appended as a child")
    func joinsBaseAndPath() throws {
        let configuration = APINetworkConfiguration(baseURL: try #require(URL(string: "http://127.0.0.1:9/api")))
        let endpoint = Endpoint<Empty>(path: "/search", queryItems: [QueryItem(name: "term", value: "a+b c")])
        let request = try endpoint.httpRequest(with: configuration)
        #expect(request.url.absoluteString == "http://127.0.0.1:9/api/search?term=a%2Bb+c")
    }

    @Test("The endpoint's query comes first, then the configuration's, and headers merge with the endpoint winning")
    func mergesConfiguration() throws {
        let configuration = APINetworkConfiguration(
            baseURL: try #require(URL(string: "https://example.test/")),
            headers: ["Accept": "*/*", "User-Agent": "ua"],
            queryItems: [QueryItem(name: "lang", value: "en_us")],
            timeout: 7
        )
        let endpoint = Endpoint<Empty>(
            path: "lookup",
            queryItems: [QueryItem(name: "id", value: "1")],
            headers: ["Accept": "application/json"]
        )
        let request = try endpoint.httpRequest(with: configuration)
        #expect(request.url.query == "id=1&lang=en_us")
        #expect(request.header("accept") == "application/json")
        #expect(request.header("User-Agent") == "ua")
        #expect(request.method == .get)
        #expect(request.timeout == 7)
    }

    @Test("A base URL that forms no valid URL with the path throws urlGeneration")
    func rejectsInvalidURL() throws {
        let configuration = APINetworkConfiguration(baseURL: try #require(URL(string: "file:///tmp")))
        #expect(throws: RequestGenerationError.self) {
            try Endpoint<Empty>(path: "search").httpRequest(with: configuration)
        }
    }
}
