import HTTPServer
import Synchronization
import XCTest

final class PersistentConnectionTests: XCTestCase {
    func testGivenHTTP11WhenTwoRequestsOnOneConnectionThenBothAnsweredAndItStaysOpen() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.get("/one")
        let first = client.readResponse()
        client.get("/two")
        let second = client.readResponse()

        XCTAssertEqual(first?.text, "GET /one ")
        XCTAssertEqual(second?.text, "GET /two ")
        XCTAssertNil(second?.header("Connection"))
        await fixture.stop()
    }

    func testGivenAnyResponseThenItCarriesDateAndContentLength() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.get("/x")
        let response = try XCTUnwrap(client.readResponse())

        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Length"), "\(response.body.count)")
        XCTAssertEqual(response.header("Content-Type"), "text/plain")
        let date = try XCTUnwrap(response.header("Date"))
        XCTAssertTrue(date.hasSuffix(" GMT"), date)
        XCTAssertEqual(date.count, "Sun, 06 Nov 1994 08:49:37 GMT".count)
        await fixture.stop()
    }

    func testGivenConnectionCloseWhenAnsweredThenServerSaysCloseAndCloses() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.get("/bye", extra: "Connection: close\r\n")
        let response = client.readResponse()
        let rest = client.readUntilClosed()

        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.header("Connection"), "close")
        XCTAssertTrue(rest.closed)
        XCTAssertEqual(rest.bytes, [])
        await fixture.stop()
    }

    func testGivenHTTP10WithoutKeepAliveThenClosedAfterTheResponse() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.send("GET /old HTTP/1.0\r\n\r\n")
        let response = client.readResponse()

        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.header("Connection"), "close")
        XCTAssertTrue(client.readUntilClosed().closed)
        await fixture.stop()
    }

    func testGivenHTTP10WithKeepAliveThenConnectionStaysOpen() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let first = client.readResponse()
        client.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let second = client.readResponse()

        XCTAssertEqual(first?.header("Connection"), "keep-alive")
        XCTAssertEqual(second?.text, "GET /b ")
        await fixture.stop()
    }

    func testGivenConnectionOptionsInAnyCaseAndOrderThenCloseWins() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.send("GET /a HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
        let kept = client.readResponse()
        client.send("GET /b HTTP/1.0\r\nConnection: KEEP-ALIVE , Close\r\n\r\n")
        let closed = client.readResponse()

        XCTAssertEqual(kept?.header("Connection"), "keep-alive")
        XCTAssertEqual(closed?.header("Connection"), "close")
        XCTAssertTrue(client.readUntilClosed().closed)
        await fixture.stop()
    }

    func testGivenAHandlerThatAnswersConnectionCloseThenTheConnectionCloses() async throws {
        let closing = ClosureHandler { _ in HTTPServerResponse(status: 200, headers: ["Connection": "close"]) }
        let fixture = try ServerFixture(handler: closing)
        let client = try fixture.client()

        client.get("/")
        let response = client.readResponse()

        XCTAssertEqual(response?.header("Connection"), "close")
        XCTAssertEqual(response?.headers.filter { $0.name.lowercased() == "connection" }.count, 1)
        XCTAssertTrue(client.readUntilClosed().closed)
        await fixture.stop()
    }

    func testGivenAHandlerThatSuspendsOnAnActorThenItsAnswerStillArrives() async throws {
        let counter = RequestCounter()
        let suspending = ClosureHandler { _ in
            await Task.yield()
            let count = await counter.next()
            return HTTPServerResponse(status: 200, body: Array("\(count)".utf8))
        }
        let fixture = try ServerFixture(handler: suspending)
        let client = try fixture.client()

        let bodies = (0..<3).map { _ in
            client.get("/")
            return client.readResponse()?.text
        }

        XCTAssertEqual(bodies, ["1", "2", "3"])
        await fixture.stop()
    }

    func testGivenThreePipelinedRequestsInOneWriteThenAnsweredInOrder() async throws {
        let slowFirst = ClosureHandler { request in
            if request.path == "/1" { try? await Task.sleep(for: .milliseconds(50)) }
            return HTTPServerResponse(status: 200, body: Array(request.path.utf8))
        }
        let fixture = try ServerFixture(handler: slowFirst)
        let client = try fixture.client()

        client.send(
            "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\nGET /3 HTTP/1.1\r\nHost: a\r\n\r\n")
        let bodies = (0..<3).map { _ in client.readResponse()?.text }

        XCTAssertEqual(bodies, ["/1", "/2", "/3"])
        await fixture.stop()
    }

    func testGivenHEADThenSameHeadersAsGETAndNoBody() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.get("/page", method: "HEAD")
        let head = client.readResponse(isHead: true)
        client.get("/page")
        let get = client.readResponse()

        XCTAssertEqual(head?.status, 200)
        XCTAssertEqual(get?.text, "GET /page ")
        // The HEAD body would have been "HEAD /page " (11 bytes); its length is announced, not sent.
        XCTAssertEqual(head?.header("Content-Length"), "11")
        XCTAssertEqual(head?.body, [])
        await fixture.stop()
    }

    func testGivenMaximumRequestsPerConnectionThenTheLastIsAnsweredWithClose() async throws {
        let fixture = try ServerFixture { $0.maximumRequestsPerConnection = 2 }
        let client = try fixture.client()

        client.get("/1")
        let first = client.readResponse()
        client.get("/2")
        let second = client.readResponse()

        XCTAssertNil(first?.header("Connection"))
        XCTAssertEqual(second?.header("Connection"), "close")
        XCTAssertTrue(client.readUntilClosed().closed)
        await fixture.stop()
    }

    func testGivenOneConnectionWhen1000SequentialRequestsThenAllAnswered200() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        var statuses: [Int: Int] = [:]
        for index in 0..<1000 {
            client.get("/n/\(index)")
            statuses[client.readResponse()?.status ?? 0, default: 0] += 1
        }

        XCTAssertEqual(statuses, [200: 1000])
        XCTAssertTrue(fixture.recorder.wait(for: 1000))
        await fixture.stop()
    }

    func testGiven32ClientsWhenEachSends10RequestsThenAll320Answered() async throws {
        let fixture = try ServerFixture()
        let port = fixture.port
        let answered = Counter()

        let finished = runConcurrently(32) { index in
            guard let client = try? TestClient(port: port) else { return }
            for request in 0..<10 {
                client.get("/c/\(index)/\(request)")
                if client.readResponse()?.text == "GET /c/\(index)/\(request) " {
                    answered.increment()
                }
            }
        }

        XCTAssertTrue(finished)
        XCTAssertEqual(answered.value, 320)
        await fixture.stop()
    }

    func testGivenRequestsThenOneAccessLogEntryEachWithWhatWasAnswered() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()

        client.get("/logged?q=1")
        _ = client.readResponse()
        client.get("/logged", method: "HEAD")
        _ = client.readResponse(isHead: true)

        XCTAssertTrue(fixture.recorder.wait(for: 2))
        let entries = fixture.recorder.all
        XCTAssertEqual(entries.map(\.method), ["GET", "HEAD"])
        XCTAssertEqual(entries.map(\.target), ["/logged?q=1", "/logged"])
        XCTAssertEqual(entries.map(\.status), [200, 200])
        XCTAssertEqual(entries.map(\.bytes), ["GET /logged q=1".utf8.count, 0])
        XCTAssertTrue(entries.allSatisfy { $0.remoteAddress.hasPrefix("127.0.0.1:") && $0.completed })
        await fixture.stop()
    }
}

private actor RequestCounter {
    private var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}
