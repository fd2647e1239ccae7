import HTTPServer
import Synchronization
import XCTest

final class RequestDecodingTests: XCTestCase {
    /// The request the handler saw for `raw`.
    private func request(for raw: String) async throws -> HTTPServerRequest? {
        let seen = Mutex<HTTPServerRequest?>(nil)
        let recording = ClosureHandler { request in
            seen.withLock { $0 = request }
            return HTTPServerResponse(status: 204)
        }
        let fixture = try ServerFixture(handler: recording)
        let client = try fixture.client()
        client.send(raw)
        let response = client.readResponse()
        await fixture.stop()
        XCTAssertEqual(response?.status, 204)
        XCTAssertNil(response?.header("Content-Length"))
        return seen.withLock { $0 }
    }

    func testGivenAnEncodedTargetThenPathAndQueryAreDecodedInOrder() async throws {
        let request = try await request(
            for:
                "GET /v1/caf%C3%A9%20bar?term=a+b&x=%26%3D&empty=&flag&term=2&&last=%E2%9C%93 HTTP/1.1\r\nHost: h\r\n\r\n"
        )

        XCTAssertEqual(request?.method, "GET")
        XCTAssertEqual(request?.target, "/v1/caf%C3%A9%20bar?term=a+b&x=%26%3D&empty=&flag&term=2&&last=%E2%9C%93")
        XCTAssertEqual(request?.path, "/v1/café bar")
        XCTAssertEqual(request?.query.map(\.name), ["term", "x", "empty", "flag", "term", "last"])
        XCTAssertEqual(request?.query.map(\.value), ["a b", "&=", "", "", "2", "✓"])
        XCTAssertEqual(request?.queryValue("term"), "a b")
        XCTAssertEqual(request?.version, "HTTP/1.1")
    }

    func testGivenAPlusInThePathThenItStaysAPlus() async throws {
        let request = try await request(for: "GET /a+b HTTP/1.1\r\nHost: h\r\n\r\n")

        XCTAssertEqual(request?.path, "/a+b")
    }

    func testGivenHeadersThenKeptInOrderAndFoundWithoutCase() async throws {
        let request = try await request(
            for: "GET / HTTP/1.1\r\nHost: example:1\r\nX-Multi: one\r\nx-multi:  two \r\nAccept: */*\r\n\r\n")

        XCTAssertEqual(request?.headers["HOST"], "example:1")
        XCTAssertEqual(request?.headers.values(for: "X-MULTI"), ["one", "two"])
        XCTAssertEqual(request?.headers.map(\.name), ["Host", "X-Multi", "x-multi", "Accept"])
        XCTAssertTrue(request?.remoteAddress.hasPrefix("127.0.0.1:") ?? false)
    }

    func testGivenAnAbsoluteFormTargetNamingAnotherHostThenItsHostIsTheRequestsHost() async throws {
        // RFC 9112 §3.2.2: the target's host wins over the Host header, so a check of the Host
        // header (DNS rebinding) sees the host the request really names.
        let request = try await request(for: "GET http://evil.example/v1 HTTP/1.1\r\nHost: 127.0.0.1:8990\r\n\r\n")

        XCTAssertEqual(request?.headers.values(for: "host"), ["evil.example"])
        XCTAssertEqual(request?.path, "/v1")
    }

    func testGivenAnAbsoluteFormTargetThenThePathIsItsPath() async throws {
        let request = try await request(for: "GET http://h:8/p?q=1 HTTP/1.1\r\nHost: h:8\r\n\r\n")

        XCTAssertEqual(request?.path, "/p")
        XCTAssertEqual(request?.queryValue("q"), "1")
    }

    func testGivenLineFeedsWithoutCarriageReturnsAndLeadingEmptyLinesThenStillRead() async throws {
        let request = try await request(for: "\r\n\nGET /lf HTTP/1.1\nHost: h\n\n")

        XCTAssertEqual(request?.path, "/lf")
        XCTAssertEqual(request?.headers["host"], "h")
    }
}
