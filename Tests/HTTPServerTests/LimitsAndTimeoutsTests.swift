import Dispatch
import HTTPServer
import XCTest

final class LimitsAndTimeoutsTests: XCTestCase {
    func testGivenMaximumConnectionsBusyWhenOneMoreConnectsThenItGets503RetryAfterAndClose() async throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let fixture = try ServerFixture(
            { $0.maximumConnections = 2 },
            handler: ClosureHandler { request in
                if request.path == "/hold" {
                    started.signal()
                    await withCheckedContinuation { continuation in
                        DispatchQueue.global().async {
                            _ = release.wait(timeout: .now() + 30)
                            continuation.resume()
                        }
                    }
                }
                return HTTPServerResponse(status: 200)
            })
        let first = try fixture.client()
        let second = try fixture.client()
        first.get("/hold")
        second.get("/hold")
        // Both are answering a request, so neither may make room.
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)

        let third = try fixture.client()
        let refused = third.readResponse()

        XCTAssertEqual(refused?.status, 503)
        XCTAssertEqual(refused?.header("Retry-After"), "1")
        XCTAssertEqual(refused?.header("Connection"), "close")
        XCTAssertEqual(refused?.text, "the server has too many connections — try again in a second\n")
        XCTAssertTrue(third.readUntilClosed().closed)
        release.signal()
        release.signal()
        XCTAssertEqual(first.readResponse()?.status, 200)
        XCTAssertEqual(second.readResponse()?.status, 200)
        await fixture.stop()
    }

    func testGivenMaximumConnectionsIdleWhenOneMoreConnectsThenTheOldestIdleIsClosedAndItIsServed() async throws {
        let fixture = try ServerFixture { $0.maximumConnections = 2 }
        let oldest = try fixture.client()
        let newer = try fixture.client()  // both connected, neither has sent a byte

        let third = try fixture.client()
        third.get("/new")

        XCTAssertEqual(third.readResponse()?.status, 200)
        let closed = oldest.readUntilClosed()
        XCTAssertTrue(closed.closed)
        XCTAssertEqual(closed.bytes, [], "closed without a word, as an idle connection is")
        newer.get("/newer")
        XCTAssertEqual(newer.readResponse()?.status, 200)
        await fixture.stop()
    }

    func testGivenAKeptAliveConnectionIdleAtTheCapWhenAnotherConnectsThenItMakesRoom() async throws {
        let fixture = try ServerFixture { $0.maximumConnections = 1 }
        let kept = try fixture.client()
        kept.get("/1")
        XCTAssertEqual(kept.readResponse()?.status, 200)

        // The kept connection may not be waiting again yet: ask until it has made room, at most 50 times.
        var status = 503
        for _ in 0..<50 where status == 503 {
            let next = try fixture.client()
            next.get("/2")
            status = next.readResponse()?.status ?? 0
        }

        XCTAssertEqual(status, 200)
        XCTAssertTrue(kept.readUntilClosed().closed)
        await fixture.stop()
    }

    func testGivenAHeadTrickledAByteEvery200msThen408WhenTheHeaderTimeoutPassesFromItsFirstByte() async throws {
        let fixture = try ServerFixture { $0.headerTimeout = .milliseconds(500) }
        let client = try fixture.client()
        let started = ContinuousClock.now

        // 40 bytes at 200 ms would take 8 s; the server must cut it off after about 0.5 s.
        var response: ReceivedResponse?
        for byte in "GET /slow HTTP/1.1\r\nHost: a\r\nX-Slow: 12345".utf8 {
            guard client.send([byte]) else { break }
            response = client.readResponse(timeout: .milliseconds(200))
            if response != nil { break }
        }

        XCTAssertEqual(response?.status, 408)
        XCTAssertEqual(response?.header("Connection"), "close")
        XCTAssertLessThan(started.duration(to: .now), .seconds(4))
        XCTAssertTrue(client.readUntilClosed().closed)
        await fixture.stop()
    }

    func testGivenAnIdleKeptAliveConnectionThenClosedSilentlyAfterTheIdleTimeout() async throws {
        let fixture = try ServerFixture { $0.idleTimeout = .milliseconds(300) }
        let client = try fixture.client()
        client.get("/1")
        XCTAssertEqual(client.readResponse()?.status, 200)
        let answered = ContinuousClock.now

        let rest = client.readUntilClosed(timeout: .seconds(10))

        XCTAssertTrue(rest.closed)
        XCTAssertEqual(rest.bytes, [])
        XCTAssertGreaterThanOrEqual(answered.duration(to: .now), .milliseconds(250))
        await fixture.stop()
    }

    func testGivenASlowlorisConnectionOpenThen20OtherRequestsCompletePromptly() async throws {
        let fixture = try ServerFixture { $0.headerTimeout = .seconds(30) }
        let slow = try fixture.client()
        slow.send("GET /slow HTTP/1.1\r\nHost: a\r\n")  // and never the rest
        let started = ContinuousClock.now

        var statuses: [Int] = []
        for index in 0..<20 {
            let client = try fixture.client()
            client.get("/fast/\(index)")
            statuses.append(client.readResponse(timeout: .seconds(5))?.status ?? 0)
        }

        XCTAssertEqual(statuses, Array(repeating: 200, count: 20))
        XCTAssertLessThan(started.duration(to: .now), .seconds(5))
        await fixture.stop()
    }

    func testGivenAClientThatStopsReadingThenItIsDroppedAfterTheWriteTimeout() async throws {
        let huge = [UInt8](repeating: 0x61, count: 32 << 20)
        let fixture = try ServerFixture(
            { $0.writeTimeout = .milliseconds(500) },
            handler: ClosureHandler { _ in
                HTTPServerResponse(status: 200, body: huge)
            })
        let client = try fixture.client(receiveBuffer: 4096)

        client.get("/huge")

        // The server gives up writing, logs the response as incomplete, and closes.
        XCTAssertTrue(fixture.recorder.wait(for: 1))
        let entry = fixture.recorder.all.first
        XCTAssertEqual(entry?.completed, false)
        XCTAssertGreaterThanOrEqual(entry?.duration ?? .zero, .milliseconds(400))
        let rest = client.readUntilClosed(timeout: .seconds(20))
        XCTAssertTrue(rest.closed)
        XCTAssertLessThan(rest.bytes.count, huge.count)
        await fixture.stop()
    }

    func testGivenAClientThatLeavesMidResponseThenTheServerLivesOnWithoutSIGPIPE() async throws {
        let huge = [UInt8](repeating: 0x62, count: 32 << 20)
        let fixture = try ServerFixture(handler: ClosureHandler { _ in HTTPServerResponse(status: 200, body: huge) })
        do {
            let leaving = try fixture.client(receiveBuffer: 4096)
            leaving.get("/huge")
            XCTAssertTrue(leaving.waitUntilReadable())
        }  // closed here, the response begun and most of it unsent

        XCTAssertTrue(fixture.recorder.wait(for: 1))
        XCTAssertEqual(fixture.recorder.all.first?.completed, false)
        let next = try fixture.client()
        next.get("/after", method: "HEAD")
        XCTAssertEqual(next.readResponse(isHead: true)?.status, 200)
        await fixture.stop()
    }

    func testGivenAHandlerSlowerThanTheHandlerTimeoutThen503AndClose() async throws {
        let fixture = try ServerFixture(
            { $0.handlerTimeout = .milliseconds(200) },
            handler: ClosureHandler { _ in
                try? await Task.sleep(for: .seconds(30))
                return HTTPServerResponse(status: 200)
            })
        let client = try fixture.client()

        client.get("/stuck")

        XCTAssertEqual(client.readResponse()?.status, 503)
        XCTAssertTrue(client.readUntilClosed().closed)
        await fixture.stop()
    }
}
