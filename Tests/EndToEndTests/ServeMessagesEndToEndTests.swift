import Foundation
import Mocks
import Testing

/// What a user trial of `mvsearch serve` and of the command line found: every error of the
/// server has one shape and one set of headers, and every message names what was given and
/// says what to do.
@Suite("mvsearch serve and the command line end to end: messages a user trial found wanting")
struct ServeMessagesEndToEndTests {
    @Test(
        """
        Given serve, when curl sends a target too long, an https:// absolute-form target or a \
        DELETE, then each error is the service's JSON error object with nosniff
        """)
    func refusalsAreJSON() async throws {
        let serve = try await ServeProcess.start(fake: nil)
        let long = try await Curl.get("\(serve.root)/v1/\(String(repeating: "a", count: 20_000))")
        let https = try await Curl.get(
            "\(serve.root)/", options: ["--request-target", "https://127.0.0.1:\(serve.port)/v1"])
        let delete = try await Curl.get("\(serve.root)/v1", method: "DELETE")
        #expect(await serve.stop() == 0)

        #expect(long.status == 414 && long.errorCode == "target_too_long", "\(long.object ?? [:])")
        #expect(
            https.status == 400 && https.errorMessage == "this server speaks http, not https", "\(https.object ?? [:])")
        #expect(delete.status == 405)
        for answer in [long, https, delete] {
            #expect(answer.headers["content-type"] == "application/json", "\(answer.status)")
            #expect(answer.headers["x-content-type-options"] == "nosniff", "\(answer.status)")
        }
    }

    @Test("Given a port out of range, when serve is told to listen there, then 64 saying the port is out of range")
    func portOutOfRange() async throws {
        let result = try await MVSearchProcess.run(["serve", "--listen", "127.0.0.1:99999"])

        expectOneLine(result, status: 64, mentions: "port 99999 is out of range — give a port from 1 to 65535")
    }

    @Test("Given a port another program listens on, when serve is told to listen there, then 69 naming it once")
    func addressInUse() async throws {
        let other = try LoopbackHTTPServer { _, _ in .response(status: 200) }
        defer { other.stop() }
        let address = "127.0.0.1:\(other.port)"

        let result = try await MVSearchProcess.run(["serve", "--listen", address])

        expectOneLine(
            result, status: 69,
            mentions: "mvsearch: \(address) is already in use by another program — choose another --listen")
        #expect(result.stderr.components(separatedBy: address).count == 2, "\(result.stderr)")
    }

    @Test("Given help as the only argument, then the help on stdout and 0, as --help")
    func helpAlone() async throws {
        let help = try await MVSearchProcess.run(["help"])
        let dashed = try await MVSearchProcess.run(["--help"])

        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout == dashed.stdout)
        #expect(help.stdout.hasPrefix("mvsearch — "))
    }
}
