import Foundation
import Mocks
import Testing

/// TLS and HTTP as curl has them: the built binary against loopback servers. HTTPS servers use
/// certificates a throwaway authority signed at test time (`openssl`), served by python3.
@Suite("mvsearch end to end: TLS and HTTP")
struct TransportEndToEndTests {
    private static let answer = Data(
        #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"Upside Down","artistName":"Jack Johnson"}]}"#
            .utf8)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let certificate: @Sendable (TestCertificates) -> URL
        let environment: @Sendable (TestCertificates) -> [String: String]
        let status: Int32
        /// What the one stderr line says; `nil` for a success.
        let message: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "untrusted authority", certificate: \.valid, environment: { _ in [:] }, status: 69,
            message:
                "mvsearch: the iTunes service's certificate is not signed by an authority this machine trusts — if a proxy inspects TLS, point SSL_CERT_FILE at its CA certificate"
        ),
        Case(
            name: "expired", certificate: \.expired, environment: { ["SSL_CERT_FILE": $0.authority.path] },
            status: 69,
            message:
                "mvsearch: the iTunes service's certificate has expired or is not valid yet — check the system clock"),
        Case(
            name: "wrong host", certificate: \.wrongHost, environment: { ["SSL_CERT_FILE": $0.authority.path] },
            status: 69,
            message:
                "mvsearch: the iTunes service's certificate is for another host — check the network connection (and --base-url) and try again"
        ),
        Case(
            name: "trusted through SSL_CERT_FILE", certificate: \.valid,
            environment: { ["SSL_CERT_FILE": $0.authority.path] }, status: 0, message: nil),
        Case(
            name: "trusted through SSL_CERT_DIR", certificate: \.valid,
            environment: { ["SSL_CERT_DIR": $0.authorityDirectory.path] }, status: 0, message: nil),
    ]

    @Test(
        "Each certificate problem has its own message and exits 69; SSL_CERT_FILE and SSL_CERT_DIR are trusted",
        arguments: cases)
    func tls(_ row: Case) async throws {
        let certificates = try await TestCertificates.shared()
        let server = try await LoopbackTLSServer.start(
            certificate: row.certificate(certificates), key: certificates.key, body: Self.answer)
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--no-cache", "--retries", "0", "--format", "plain", "jack"],
            environment: MVSearchProcess.environment(row.environment(certificates)))
        #expect(result.status == row.status)
        if let message = row.message {
            #expect(result.stderr == message + "\n")
            #expect(result.stdout.isEmpty)
        } else {
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.contains("Upside Down"))
        }
    }

    @Test("A status line without a reason phrase is accepted")
    func statusWithoutReason() async throws {
        let head = "HTTP/1.1 200\r\nContent-Length: \(Self.answer.count)\r\nConnection: close\r\n\r\n"
        let server = try LoopbackHTTPServer(always: .raw(Data(head.utf8) + Self.answer))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--no-cache", "--format", "plain", "jack"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Upside Down"))
    }

    @Test("IPv6 loopback base URLs, however written, reach a server on ::1", arguments: ["[::1]", "[0:0:0:0:0:0:0:1]"])
    func ipv6(host: String) async throws {
        let server = try LoopbackHTTPServer(ipv6: true, always: .json(Self.answer))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", "http://\(host):\(server.port)/", "--no-cache", "--format", "plain", "jack"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Upside Down"))
        #expect(server.requests.count == 1)
    }

    @Test("http_proxy from the environment carries the request, as curl reads it; HTTP_PROXY does not (httpoxy)")
    func proxyFromEnvironment() async throws {
        let proxy = try LoopbackHTTPServer(always: .json(Self.answer))
        defer { proxy.stop() }
        let server = try LoopbackHTTPServer(always: .json(Self.answer))
        defer { server.stop() }
        let arguments = ["--no-cache", "--format", "plain", "jack"]
        let proxied = try await MVSearchProcess.run(
            ["--base-url", "http://localhost:9/"] + arguments,
            environment: MVSearchProcess.environment(["http_proxy": proxy.baseURL.absoluteString]))
        #expect(proxied.status == 0)
        #expect(proxied.stdout.contains("Upside Down"))
        #expect(proxy.requests.first?.target.hasPrefix("http://localhost:9/search?term=jack&") == true)
        let direct = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString] + arguments,
            environment: MVSearchProcess.environment(["HTTP_PROXY": proxy.baseURL.absoluteString]))
        #expect(direct.status == 0)
        #expect(server.requests.count == 1)
        #expect(proxy.requests.count == 1)
    }

    @Test("A gzip body that does not decompress is an unreadable answer, not a lost connection")
    func badGzip() async throws {
        let server = try LoopbackHTTPServer(
            always: .response(
                status: 200, headers: [("Content-Encoding", "gzip")], body: Data("not gzip at all".utf8)))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--no-cache", "--retries", "0", "jack"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("mvsearch: could not read the answer"))
    }
}
