import Foundation
import Mocks
import Testing

/// The built binary behind a proxy (a loopback server, named by the environment as a user would)
/// that refuses: each refusal says what the proxy said and which variable names it, once.
@Suite("mvsearch end to end: a refusing proxy")
struct ProxyEndToEndTests {
    @Test(
        "Given a proxy answering CONNECT with 407, then 69, credentials asked for in the variable in effect, asked once",
        arguments: ["https_proxy", "HTTPS_PROXY", "ALL_PROXY"])
    func proxyWantsCredentials(variable: String) async throws {
        let proxy = try LoopbackHTTPServer(
            always: .response(status: 407, headers: [("Proxy-Authenticate", #"Basic realm="proxy""#)]))
        defer { proxy.stop() }
        let result = try await MVSearchProcess.run(
            ["jack"], environment: MVSearchProcess.environment([variable: proxyURL(proxy)]))
        expectOneLine(result, status: 69, mentions: "the proxy (\(variable)) asks for credentials (HTTP 407)")
        #expect(result.stderr.contains("user name and password in \(variable)"), "\(result.stderr)")
        #expect(proxy.requests.map(\.method) == ["CONNECT"])
        #expect(proxy.requests.first?.target == "itunes.apple.com:443")
    }

    @Test("Given a proxy for plain http answering 407 itself, then 69, credentials asked for in http_proxy, asked once")
    func plainHTTPProxyWantsCredentials() async throws {
        let proxy = try LoopbackHTTPServer(always: .response(status: 407))
        defer { proxy.stop() }
        // Port 9 (discard) is never asked: the proxy answers for it.
        let result = try await MVSearchProcess.run(
            ["--base-url", "http://127.0.0.1:9/", "jack"],
            environment: MVSearchProcess.environment(["http_proxy": proxyURL(proxy)]))
        expectOneLine(result, status: 69, mentions: "the proxy (http_proxy) asks for credentials (HTTP 407)")
        #expect(proxy.requests.count == 1)
        #expect(proxy.requests.first?.target.hasPrefix("http://127.0.0.1:9/search?") == true)
    }

    @Test(
        "Given a proxy refusing CONNECT (403, 502), then 69, the tunnel refused with the status and variable, asked once",
        arguments: [403, 502])
    func proxyRefusesTunnel(status: Int) async throws {
        let proxy = try LoopbackHTTPServer(always: .response(status: status))
        defer { proxy.stop() }
        let result = try await MVSearchProcess.run(
            ["jack"], environment: MVSearchProcess.environment(["https_proxy": proxyURL(proxy)]))
        expectOneLine(result, status: 69, mentions: "the proxy (https_proxy) refused the tunnel")
        #expect(result.stderr.contains("(HTTP \(status))"), "\(result.stderr)")
        #expect(!result.stderr.contains("cannot reach"), "\(result.stderr)")
        #expect(proxy.requests.count == 1)
    }

    @Test("-v says what the proxy answered")
    func verboseReason() async throws {
        let proxy = try LoopbackHTTPServer(always: .response(status: 407))
        defer { proxy.stop() }
        let result = try await MVSearchProcess.run(
            ["-v", "jack"], environment: MVSearchProcess.environment(["https_proxy": proxyURL(proxy)]))
        #expect(result.status == 69)
        #expect(result.stderr.contains("the proxy (https_proxy) answered HTTP 407"), "\(result.stderr)")
    }

    private func proxyURL(_ proxy: LoopbackHTTPServer) -> String {
        "http://127.0.0.1:\(proxy.port)"
    }
}
