import HTTPServer
import XCTest

final class HelperTests: XCTestCase {
    func testGivenHeadersWhenLookedUpThenCaseIsIgnoredAndOrderKept() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "Set-Cookie": "a=1"]
        headers.add("set-cookie", "b=2")

        XCTAssertEqual(headers["content-type"], "text/plain")
        XCTAssertEqual(headers.values(for: "SET-COOKIE"), ["a=1", "b=2"])
        XCTAssertNil(headers["missing"])
        XCTAssertTrue(headers.contains("SET-cookie"))

        headers["Set-Cookie"] = "c=3"
        XCTAssertEqual(headers.map(\.name), ["Content-Type", "Set-Cookie"])
        XCTAssertEqual(headers.values(for: "set-cookie"), ["c=3"])
        headers["content-type"] = nil
        XCTAssertEqual(headers.count, 1)
        XCTAssertEqual(headers, ["set-cookie": "c=3"])
        XCTAssertNotEqual(headers, ["set-cookie": "c=4"])
    }

    func testGivenStatusesThenTheirReasonPhrases() {
        let expected = [
            200: "OK", 204: "No Content", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized",
            403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
            413: "Content Too Large", 414: "URI Too Long", 429: "Too Many Requests",
            431: "Request Header Fields Too Large", 500: "Internal Server Error", 502: "Bad Gateway",
            503: "Service Unavailable", 504: "Gateway Timeout", 499: "Client Error", 599: "Server Error",
        ]
        for (status, phrase) in expected {
            XCTAssertEqual(HTTPStatus.reasonPhrase(for: status), phrase, "\(status)")
        }
    }

    func testGivenBearerHeadersThenOnlyTheExactTokenMatches() {
        let token = Array("s3cret-token".utf8)

        XCTAssertTrue(BearerToken.matches("Bearer s3cret-token", token: token))
        XCTAssertTrue(BearerToken.matches("bearer   s3cret-token", token: token))
        XCTAssertFalse(BearerToken.matches(nil, token: token))
        XCTAssertFalse(BearerToken.matches("", token: token))
        XCTAssertFalse(BearerToken.matches("Bearer", token: token))
        XCTAssertFalse(BearerToken.matches("Bearer ", token: token))
        XCTAssertFalse(BearerToken.matches("Basic s3cret-token", token: token))
        XCTAssertFalse(BearerToken.matches("Bearers3cret-token", token: token))
        XCTAssertFalse(BearerToken.matches("Bearer s3cret-toke", token: token))
        XCTAssertFalse(BearerToken.matches("Bearer s3cret-token2", token: token))
        XCTAssertFalse(BearerToken.matches("Bearer S3cret-token", token: token))
        XCTAssertFalse(BearerToken.matches("Bearer ", token: []))
        XCTAssertFalse(BearerToken.matches("Bearer x", token: []))
    }

    func testGivenHostHeadersWhenListeningOnLoopbackThenOnlyLoopbackNamesAtThePortMatch() {
        let ipv4 = HTTPServerAddress(host: "127.0.0.1", port: 8990)
        for host in ["127.0.0.1:8990", "127.0.0.1", "localhost:8990", "LOCALHOST", "[::1]:8990", "[::1]"] {
            XCTAssertTrue(HostHeader.names(host, listening: ipv4), host)
        }
        for host in [
            nil, "", "127.0.0.1:8991", "evil.example:8990", "evil.example", "localhost.evil.example",
            "127.0.0.2", "[::1]:1", "::1", "127.0.0.1:", "127.0.0.1:89x0", "[::1", "10.0.0.1:8990",
        ] {
            XCTAssertFalse(HostHeader.names(host, listening: ipv4), host ?? "nil")
        }

        let ipv6 = HTTPServerAddress(host: "::1", port: 8990)
        XCTAssertTrue(HostHeader.names("[::1]:8990", listening: ipv6))
        XCTAssertTrue(HostHeader.names("[0:0:0:0:0:0:0:1]", listening: ipv6))
        XCTAssertTrue(HostHeader.names("localhost:8990", listening: ipv6))
        XCTAssertFalse(HostHeader.names("[::2]:8990", listening: ipv6))
    }

    func testGivenHostHeadersWhenListeningElsewhereThenTheAddressAndIPLiteralsMatchButNoName() {
        let lan = HTTPServerAddress(host: "192.168.1.5", port: 80)
        XCTAssertTrue(HostHeader.names("192.168.1.5", listening: lan))
        XCTAssertTrue(HostHeader.names("192.168.1.5:80", listening: lan))
        XCTAssertFalse(HostHeader.names("localhost", listening: lan))
        XCTAssertFalse(HostHeader.names("127.0.0.1", listening: lan))
        XCTAssertFalse(HostHeader.names("rebound.example", listening: lan))

        let wildcard = HTTPServerAddress(host: "0.0.0.0", port: 80)
        XCTAssertTrue(HostHeader.names("10.1.2.3", listening: wildcard))
        XCTAssertTrue(HostHeader.names("localhost:80", listening: wildcard))
        XCTAssertFalse(HostHeader.names("rebound.example", listening: wildcard))
    }

    func testGivenAddressesThenTheyDescribeThemselvesForURLs() {
        XCTAssertEqual(HTTPServerAddress(host: "::1", port: 80).description, "[::1]:80")
        XCTAssertEqual(HTTPServerAddress(host: "[::1]", port: 80).host, "::1")
        XCTAssertEqual(HTTPServerAddress(host: "127.0.0.1", port: 8).description, "127.0.0.1:8")
        XCTAssertTrue(HTTPServerAddress(host: "127.0.0.5", port: 8).isLoopback)
        XCTAssertFalse(HTTPServerAddress(host: "0.0.0.0", port: 8).isLoopback)
    }
}
