import Foundation
import Mocks
import Testing

/// Who gets into `mvsearch serve`: loopback only unless a token is given, the token on every
/// request, and a `Host` that names the server (DNS rebinding).
@Suite("mvsearch serve end to end: who gets in")
struct ServeAccessEndToEndTests {
    @Test("Given no token, when serve is told to listen on 0.0.0.0, then it refuses with 64 and says why")
    func nonLoopbackWithoutToken() async throws {
        let result = try await MVSearchProcess.run(["serve", "--listen", "0.0.0.0:0"])

        expectOneLine(result, status: 64, mentions: "MVSEARCH_SERVE_TOKEN")
    }

    @Test(
        """
        Given MVSEARCH_SERVE_TOKEN, when serve listens on 0.0.0.0 and curl asks through loopback, \
        then 401 with WWW-Authenticate without the header or with a wrong token, 200 with it
        """)
    func tokenRequired() async throws {
        let fake = try FakeITunes.start()
        defer { fake.stop() }
        let token = "e2e-\(UUID().uuidString)"
        let serve = try await ServeProcess.start(
            fake: fake, listen: "0.0.0.0:0", environment: MVSearchProcess.environment(["MVSEARCH_SERVE_TOKEN": token]))
        // It listens on every address; loopback is one, and its Host names the port it serves.
        let url = "http://127.0.0.1:\(serve.port)/v1/search?term=clairo"

        let without = try await Curl.get(url)
        let wrong = try await Curl.get(url, headers: ["Authorization: Bearer \(token)x"])
        let with = try await Curl.get(url, headers: ["Authorization: Bearer \(token)"])
        let health = try await Curl.get("http://127.0.0.1:\(serve.port)/healthz")
        #expect(await serve.stop() == 0)

        #expect(serve.root.hasPrefix("http://0.0.0.0:"), "\(serve.root)")
        #expect(without.status == 401 && without.headers["www-authenticate"] == "Bearer")
        #expect(without.errorCode == "unauthorized")
        #expect(wrong.status == 401)
        #expect(with.status == 200, "\(with.object ?? [:])")
        #expect((with.object?["videos"] as? [Any])?.count == 4)
        #expect(with.headers["cache-control"]?.hasPrefix("private") == true, "\(with.headers)")
        #expect(health.status == 401)
        // Only the authorized search reached iTunes.
        #expect(fake.requests.count == 1)
    }

    @Test(
        """
        Given serve on loopback, when a request's Host names another site (DNS rebinding), then \
        403 forbidden_host; localhost and the address it serves are answered
        """)
    func foreignHost() async throws {
        let serve = try await ServeProcess.start(fake: nil)

        let foreign = try await Curl.get("\(serve.root)/healthz", headers: ["Host: attacker.example:\(serve.port)"])
        let otherPort = try await Curl.get("\(serve.root)/healthz", headers: ["Host: 127.0.0.1:1"])
        let localhost = try await Curl.get("\(serve.root)/healthz", headers: ["Host: localhost:\(serve.port)"])
        let own = try await Curl.get("\(serve.root)/healthz")
        #expect(await serve.stop() == 0)

        #expect(foreign.status == 403 && foreign.errorCode == "forbidden_host", "\(foreign.object ?? [:])")
        #expect(otherPort.status == 403)
        #expect(localhost.status == 200)
        #expect(own.status == 200)
    }

    @Test(
        """
        Given serve without --cors, when a page's Origin asks, then no CORS header; given --cors \
        ORIGIN, then that origin is allowed (its preflight 204) and another is not
        """)
    func cors() async throws {
        let origin = "https://app.example"
        let plain = try await ServeProcess.start(fake: nil)
        let unasked = try await Curl.get("\(plain.root)/healthz", headers: ["Origin: \(origin)"])
        #expect(await plain.stop() == 0)
        let cors = try await ServeProcess.start(fake: nil, ["--cors", origin])
        let allowed = try await Curl.get("\(cors.root)/healthz", headers: ["Origin: \(origin)"])
        let other = try await Curl.get("\(cors.root)/healthz", headers: ["Origin: https://evil.example"])
        let preflight = try await Curl.get(
            "\(cors.root)/v1/search?term=clairo", headers: ["Origin: \(origin)", "Access-Control-Request-Method: GET"],
            method: "OPTIONS")
        #expect(await cors.stop() == 0)

        #expect(unasked.status == 200 && unasked.headers["access-control-allow-origin"] == nil)
        #expect(allowed.status == 200 && allowed.headers["access-control-allow-origin"] == origin)
        #expect(other.status == 200 && other.headers["access-control-allow-origin"] == nil)
        #expect(preflight.status == 204 && preflight.headers["access-control-allow-origin"] == origin)
        #expect(preflight.headers["access-control-allow-methods"] == "GET, HEAD")
    }
}
