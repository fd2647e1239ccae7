import Foundation
import Mocks
import Networking
import Testing

@testable import App

@Suite("--verbose request lines")
struct DiagnosticNetworkLoggerTests {
    private func line(for text: String) throws -> String {
        let output = CapturingOutput()
        let url = try #require(URL(string: text))
        DiagnosticNetworkLogger(output: output).log(
            NetworkEvent(
                method: .get, url: url, outcome: .response(statusCode: 200, bytes: 10), duration: .milliseconds(12)))
        return output.text
    }

    @Test(
        "Given a base URL with a user and password, the line shows *** in their place",
        arguments: ["https://user:s3cret@itunes.example/search?term=x", "https://user@itunes.example/search?term=x"])
    func redactsCredentials(url: String) throws {
        let line = try line(for: url)
        #expect(!line.contains("s3cret") && !line.contains("user"), "\(line)")
        #expect(line == "mvsearch: GET https://***@itunes.example/search?term=x → 200, 10 bytes, 12 ms\n")
    }

    @Test("Given a URL without credentials, the line shows it as it is")
    func plainURL() throws {
        #expect(
            try line(for: "http://127.0.0.1:8765/search?term=a%2Bb")
                == "mvsearch: GET http://127.0.0.1:8765/search?term=a%2Bb → 200, 10 bytes, 12 ms\n")
    }

    @Test("Given a request waiting for the request budget, then a line says how long and the rate")
    func budgetWait() throws {
        let output = CapturingOutput()
        let rate = try #require(RequestRate(parsing: "20/60"))
        DiagnosticNetworkLogger(output: output).log(
            budgetWait: RateBudgetNotice(request: 1, wait: .milliseconds(1500), rate: rate))
        #expect(output.text == "mvsearch: waiting 2 s for the request budget (20 a minute)\n")
    }
}
