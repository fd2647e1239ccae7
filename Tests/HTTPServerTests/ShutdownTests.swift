import Dispatch
import HTTPServer
import XCTest

final class ShutdownTests: XCTestCase {
    func testGivenARequestInFlightWhenShutdownStartsThenItIsAnsweredNewConnectionsAreRefusedAndShutdownWaits()
        async throws
    {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocking = ClosureHandler { _ in
            entered.signal()
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    _ = release.wait(timeout: .now() + 20)
                    continuation.resume()
                }
            }
            return HTTPServerResponse(status: 200, body: Array("done".utf8))
        }
        let fixture = try ServerFixture(handler: blocking)
        let busy = try fixture.client()
        let idle = try fixture.client()
        busy.get("/wait")
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)

        let returned = Counter()
        let server = fixture.server
        let shutdown = Task {
            await server.shutdown(grace: .seconds(20))
            returned.increment()
        }

        // The idle connection is closed without a word; that happens once shutdown has begun.
        XCTAssertTrue(idle.readUntilClosed().closed)
        XCTAssertThrowsError(try fixture.client())
        XCTAssertEqual(returned.value, 0)
        release.signal()
        let response = busy.readResponse()
        await shutdown.value

        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.text, "done")
        XCTAssertEqual(response?.header("Connection"), "close")
        XCTAssertEqual(returned.value, 1)
    }

    func testGivenAHandlerThatNeverFinishesThenShutdownReturnsAfterTheGrace() async throws {
        let entered = DispatchSemaphore(value: 0)
        let never = ClosureHandler { _ in
            entered.signal()
            try? await Task.sleep(for: .seconds(60))
            return HTTPServerResponse(status: 200)
        }
        let fixture = try ServerFixture(handler: never)
        let client = try fixture.client()
        client.get("/forever")
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)
        let started = ContinuousClock.now

        await fixture.server.shutdown(grace: .milliseconds(300))

        let waited = started.duration(to: .now)
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(250))
        XCTAssertLessThan(waited, .seconds(5))
        XCTAssertTrue(client.readUntilClosed().closed)
    }

    func testGivenAServerNeverStartedThenShutdownReturnsAtOnce() async {
        let server = HTTPServer(configuration: HTTPServerConfiguration(), handler: echoHandler)

        await server.shutdown(grace: .seconds(5))

        XCTAssertThrowsError(try server.start())
    }
}
