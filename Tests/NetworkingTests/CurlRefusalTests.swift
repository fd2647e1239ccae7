#if os(Linux)
    import Foundation
    import Mocks
    import Testing

    @testable import Networking

    /// The libcurl engine's refusals that are not the network's fault: the library itself, a
    /// response header it will not read, a proxy that refuses.
    @Suite("The libcurl engine's own refusals")
    struct CurlRefusalTests {
        @Test(
            "A library that cannot be loaded is named as the first name tried (libcurl.so.4), with the loader's reason")
        func missingLibrary() throws {
            let result = LibCurl.load(names: ["libmvsearch-no-such-curl.so.4", "libmvsearch-nor-this.so"])
            guard case .failure(.libraryUnavailable(let problem)) = result else {
                Issue.record("loaded: \(result)")
                return
            }
            #expect(problem.library == "libmvsearch-no-such-curl.so.4")
            #expect(problem.package == "libcurl4")
            guard case .missing(let reason) = problem.kind else {
                Issue.record("\(problem)")
                return
            }
            #expect(reason.contains("libmvsearch-no-such-curl.so.4"), "\(reason)")
            #expect(LibCurl.names.first == "libcurl.so.4")
        }

        @Test("A library older than needed is refused with the version found and the version needed")
        func oldLibrary() throws {
            let result = LibCurl.load(minimumVersion: 0x63_00_00)
            guard case .failure(.libraryUnavailable(let problem)) = result,
                case .tooOld(let found, let needed) = problem.kind
            else {
                Issue.record("\(result)")
                return
            }
            #expect(problem.library == "libcurl.so.4")
            #expect(needed == "99.0.0")
            #expect(found.split(separator: ".").count == 3, "\(found)")
            #expect(LibCurl.versionText(LibCurl.minimumVersion) == "7.68.0")
            #expect(
                "\(NetworkError.libraryUnavailable(problem))"
                    == "libcurl.so.4 is version \(found); 99.0.0 or later is needed")
            if case .failure(let error) = LibCurl.load() { Issue.record("the installed libcurl: \(error)") }
        }

        @Test("A 100 KiB response header (libcurl's limit) is headersTooLarge, not 'Out of memory'")
        func hugeHeader() async throws {
            let server = try LoopbackHTTPServer(
                always: .response(
                    status: 200, headers: [("X-Padding", String(repeating: "a", count: 100 * 1024))],
                    body: Data("{}".utf8)))
            defer { server.stop() }
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:])
            let request = HTTPRequest(url: server.baseURL, method: .get, headers: [:], body: nil, timeout: 10)
            do {
                let (body, response) = try await manager.data(for: request)
                Issue.record("answered: HTTP \(response.statusCode), \(body.count) bytes")
            } catch {
                #expect(error as? NetworkError == .headersTooLarge, "\(error)")
            }
        }

        @Test("Many small headers over 100 KiB in all are headersTooLarge; 90 KiB of them are read")
        func manyHeaders() async throws {
            func headers(_ count: Int) -> [(String, String)] {
                (0..<count).map { ("X-Junk-\($0)", String(repeating: "y", count: 100)) }
            }
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:])
            let tooMany = try LoopbackHTTPServer(always: .response(status: 200, headers: headers(3000), body: Data()))
            defer { tooMany.stop() }
            let request = HTTPRequest(url: tooMany.baseURL, method: .get, headers: [:], body: nil, timeout: 10)
            do {
                let (body, response) = try await manager.data(for: request)
                Issue.record("answered: HTTP \(response.statusCode), \(body.count) bytes")
            } catch {
                #expect(error as? NetworkError == .headersTooLarge, "\(error)")
            }
            // About 112 bytes a line: 800 lines are some 90 KiB.
            let fewer = try LoopbackHTTPServer(
                always: .response(status: 200, headers: headers(800), body: Data("{}".utf8)))
            defer { fewer.stop() }
            let (body, response) = try await manager.data(
                for: HTTPRequest(url: fewer.baseURL, method: .get, headers: [:], body: nil, timeout: 10))
            #expect(response.statusCode == 200 && body == Data("{}".utf8))
        }

        @Test("https to a port that answers plain http is notTLS, not OpenSSL's words")
        func plainHTTPPort() async throws {
            let answer = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            let server = try LoopbackHTTPServer(greeting: Data(answer.utf8)) { _, _ in .close }
            defer { server.stop() }
            var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
            components.scheme = "https"
            let url = try #require(components.url)
            let manager = CurlNetworkSessionManager(timeout: 10, environment: [:])
            do {
                let (body, response) = try await manager.data(
                    for: HTTPRequest(url: url, method: .get, headers: [:], body: nil, timeout: 10))
                Issue.record("answered: HTTP \(response.statusCode), \(body.count) bytes")
            } catch {
                #expect(error as? NetworkError == .tls(.notTLS), "\(error)")
            }
        }

        @Test("The proxy variable named is the one curl reads for the scheme")
        func proxyVariable() throws {
            let https = try #require(URL(string: "https://itunes.apple.com/search"))
            let http = try #require(URL(string: "http://127.0.0.1:8080/search"))
            let variable = ProxyRefusal.variable(for:in:)
            #expect(variable(https, ["https_proxy": "http://a", "HTTPS_PROXY": "http://b"]) == "https_proxy")
            #expect(variable(https, ["https_proxy": "", "HTTPS_PROXY": "http://b"]) == "HTTPS_PROXY")
            #expect(variable(https, ["http_proxy": "http://a", "ALL_PROXY": "http://c"]) == "ALL_PROXY")
            #expect(variable(https, ["all_proxy": "http://a", "ALL_PROXY": "http://c"]) == "all_proxy")
            #expect(variable(http, ["HTTP_PROXY": "http://a"]) == nil)  // curl ignores it (httpoxy)
            #expect(variable(http, ["http_proxy": "http://a", "all_proxy": "http://c"]) == "http_proxy")
            #expect(variable(https, [:]) == nil)
        }
    }
#endif
