import HTTPServer
import XCTest

final class StartTests: XCTestCase {
    func testGivenAPortInUseWhenAnotherServerStartsThereThenAddressInUse() async throws {
        let fixture = try ServerFixture()
        let second = HTTPServer(configuration: HTTPServerConfiguration(port: fixture.port), handler: echoHandler)

        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertEqual(error as? HTTPServerError, .addressInUse(host: "127.0.0.1", port: fixture.port))
            XCTAssertTrue("\(error)".hasSuffix("is already in use by another program"), "\(error)")
        }
        await fixture.stop()
    }

    func testGivenANameOrABadPortThenInvalidAddress() {
        for configuration in [
            HTTPServerConfiguration(host: "example.com"), HTTPServerConfiguration(host: "127.0.0.1", port: 70000),
        ] {
            let server = HTTPServer(configuration: configuration, handler: echoHandler)
            XCTAssertThrowsError(try server.start()) { error in
                guard case .invalidAddress = error as? HTTPServerError else { return XCTFail("\(error)") }
            }
        }
    }

    func testGivenAStartedServerWhenStartedAgainThenAlreadyStarted() async throws {
        let fixture = try ServerFixture()

        XCTAssertThrowsError(try fixture.server.start()) { error in
            XCTAssertEqual(error as? HTTPServerError, .alreadyStarted)
        }
        await fixture.stop()
    }

    func testGivenIPv6LoopbackThenServedOverIPv6() async throws {
        let fixture: ServerFixture
        do {
            fixture = try ServerFixture { $0.host = "::1" }
        } catch {
            throw XCTSkip("no IPv6 loopback here: \(error)")
        }
        let client = try fixture.client()

        client.get("/six")
        let response = client.readResponse()

        XCTAssertEqual(fixture.address.host, "::1")
        XCTAssertEqual(response?.text, "GET /six ")
        XCTAssertTrue(fixture.recorder.wait(for: 1))
        XCTAssertTrue(fixture.recorder.all.first?.remoteAddress.hasPrefix("[::1]:") ?? false)
        await fixture.stop()
    }
}
