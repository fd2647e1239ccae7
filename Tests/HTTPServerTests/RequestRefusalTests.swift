import HTTPServer
import Synchronization
import XCTest

/// Answers 200, and words the server's refusals with `words`.
private struct WordingHandler: HTTPRequestHandler {
    let words: @Sendable (HTTPRefusal) -> HTTPServerResponse

    func respond(to request: HTTPServerRequest) async -> HTTPServerResponse {
        HTTPServerResponse(status: 200)
    }

    func refusal(_ refusal: HTTPRefusal) -> HTTPServerResponse {
        words(refusal)
    }
}

/// Requests the server answers itself, before the handler sees anything, and then closes.
final class RequestRefusalTests: XCTestCase {
    /// Sends `raw`, and returns the answer and whether the connection closed after it.
    private func answer(to raw: String, configure: (inout HTTPServerConfiguration) -> Void = { _ in })
        async throws -> (response: ReceivedResponse?, closed: Bool, handled: Int)
    {
        let handled = Counter()
        let counting = ClosureHandler { _ in
            handled.increment()
            return HTTPServerResponse(status: 200)
        }
        let fixture = try ServerFixture(configure, handler: counting)
        let client = try fixture.client()
        client.send(raw)
        let response = client.readResponse()
        let closed = client.readUntilClosed().closed
        await fixture.stop()
        return (response, closed, handled.value)
    }

    func testGivenHeadersOverTheLimitThen431AndClose() async throws {
        let big = String(repeating: "X-Filler: \(String(repeating: "a", count: 100))\r\n", count: 30)
        let result = try await answer(to: "GET / HTTP/1.1\r\nHost: a\r\n\(big)\r\n") { $0.maximumHeaderBytes = 2048 }

        XCTAssertEqual(result.response?.status, 431)
        XCTAssertEqual(result.response?.header("Connection"), "close")
        XCTAssertNotNil(result.response?.header("Date"))
        XCTAssertEqual(result.response?.header("Content-Length"), result.response.map { "\($0.body.count)" })
        XCTAssertTrue(result.closed)
        XCTAssertEqual(result.handled, 0)
    }

    func testGivenAnAbsoluteFormTargetWithAUserOrNoHostThen400AndNothingHandled() async throws {
        for target in ["http://user@127.0.0.1:8990/v1", "http://127.0.0.1:8990@evil.example/v1", "http:///v1"] {
            let result = try await answer(to: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:8990\r\n\r\n")

            XCTAssertEqual(result.response?.status, 400, target)
            XCTAssertEqual(result.handled, 0, target)
        }
    }

    func testGivenAnHTTPSAbsoluteFormTargetThen400SayingTheServerSpeaksHTTPAndNothingHandled() async throws {
        for target in ["https://127.0.0.1:8990/v1", "HTTPS://127.0.0.1:8990/"] {
            let result = try await answer(to: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:8990\r\n\r\n")

            XCTAssertEqual(result.response?.status, 400, target)
            XCTAssertEqual(
                result.response?.text, "this server speaks http, not https — ask for an http:// address\n", target)
            XCTAssertEqual(result.handled, 0, target)
        }
        // The same target with the server's own scheme is answered.
        let plain = try await answer(to: "GET http://127.0.0.1:8990/v1 HTTP/1.1\r\nHost: 127.0.0.1:8990\r\n\r\n")
        XCTAssertEqual(plain.response?.status, 200)
        XCTAssertEqual(plain.handled, 1)
    }

    func testGivenAHandlerThatWordsRefusalsThenTheServersRefusalsAreItsAnswerWithTheRefusalsStatus() async throws {
        let refused = Mutex<[HTTPRefusal]>([])
        let handler = WordingHandler { refusal in
            refused.withLock { $0.append(refusal) }
            return HTTPServerResponse(
                status: 299, headers: ["Content-Type": "application/json", "X-Content-Type-Options": "nosniff"],
                body: Array("{\"error\":\"\(refusal.message)\"}".utf8))
        }
        let fixture = try ServerFixture({ $0.maximumHeaderBytes = 2048 }, handler: handler)
        let client = try fixture.client()

        client.send("GET /\(String(repeating: "a", count: 3000)) HTTP/1.1\r\n")
        let response = client.readResponse()

        XCTAssertEqual(response?.status, 414)
        XCTAssertEqual(response?.header("Content-Type"), "application/json")
        XCTAssertEqual(response?.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(response?.header("Connection"), "close")
        XCTAssertEqual(response?.text, "{\"error\":\"the request line is too long\"}")
        XCTAssertEqual(refused.withLock { $0.map(\.status) }, [414])
        XCTAssertTrue(client.readUntilClosed().closed)
        await fixture.stop()
    }

    func testGivenARequestLineOverTheLimitThen414AndClose() async throws {
        let result = try await answer(to: "GET /\(String(repeating: "a", count: 3000)) HTTP/1.1\r\n") {
            $0.maximumHeaderBytes = 2048
        }

        XCTAssertEqual(result.response?.status, 414)
        XCTAssertTrue(result.closed)
    }

    func testGivenMalformedHeadsThen400AndCloseAndTheHandlerNeverCalled() async throws {
        let malformed = [
            "GET /\r\nHost: a\r\n\r\n",  // no version
            "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",  // two spaces
            "G(T / HTTP/1.1\r\nHost: a\r\n\r\n",  // not a token
            "GET / HTTP/1.1\r\nHost: a\r\nX-Folded: one\r\n two\r\n\r\n",  // obsolete line folding
            "GET / HTTP/1.1\r\nHost : a\r\n\r\n",  // space before the colon
            "GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n",  // bare CR
            "GET / HTTP/x\r\nHost: a\r\n\r\n",  // bad version
            "GET / HTTP/1.1\r\n\r\n",  // HTTP/1.1 without Host
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",  // two Hosts
            "GET /%zz HTTP/1.1\r\nHost: a\r\n\r\n",  // bad escape
            "GET /a% HTTP/1.1\r\nHost: a\r\n\r\n",  // % at the end
            "GET /%FF HTTP/1.1\r\nHost: a\r\n\r\n",  // not UTF-8
            "GET /?q=%C3 HTTP/1.1\r\nHost: a\r\n\r\n",  // truncated UTF-8 in the query
            "GET nowhere HTTP/1.1\r\nHost: a\r\n\r\n",  // not a path
            "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n",
            // Two framings of one body (request smuggling's shape), in either order.
            "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n0\r\n\r\n",
        ]
        for raw in malformed {
            let result = try await answer(to: raw)

            XCTAssertEqual(result.response?.status, 400, raw)
            XCTAssertEqual(result.response?.header("Connection"), "close", raw)
            XCTAssertTrue(result.closed, raw)
            XCTAssertEqual(result.handled, 0, raw)
        }
    }

    func testGivenAnotherHTTPVersionThen505() async throws {
        let result = try await answer(to: "GET / HTTP/2.0\r\nHost: a\r\n\r\n")

        XCTAssertEqual(result.response?.status, 505)
        XCTAssertTrue(result.closed)
    }

    func testGivenABodyThen413SayingTheServerTakesNoneAndClose() async throws {
        for raw in [
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        ] {
            let result = try await answer(to: raw)

            XCTAssertEqual(result.response?.status, 413, raw)
            XCTAssertEqual(
                result.response?.text, "this server takes no request body — send the request without a body\n")
            XCTAssertTrue(result.closed, raw)
            XCTAssertEqual(result.handled, 0, raw)
        }
    }

    func testGivenARefusedHEADThenItsAnswerHasNoBody() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.send("HEAD / HTTP/2.0\r\nHost: a\r\n\r\n")
        let response = client.readResponse(isHead: true)
        let rest = client.readUntilClosed()

        XCTAssertEqual(response?.status, 505)
        XCTAssertEqual(rest.bytes, [])
        XCTAssertTrue(rest.closed)
        await fixture.stop()
    }

    func testGivenContentLengthZeroThenAnsweredByTheHandler() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.get("/empty", extra: "Content-Length: 0\r\n")

        XCTAssertEqual(client.readResponse()?.status, 200)
        await fixture.stop()
    }

    func testGivenARefusalThenItIsLoggedWithWhatWasRead() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc")
        _ = client.readResponse()

        XCTAssertTrue(fixture.recorder.wait(for: 1))
        let entry = fixture.recorder.all.first
        XCTAssertEqual(entry?.status, 413)
        XCTAssertEqual(entry?.method, "POST")
        XCTAssertEqual(entry?.target, "/upload")
        await fixture.stop()
    }
}
