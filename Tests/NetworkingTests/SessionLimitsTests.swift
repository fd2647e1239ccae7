import Foundation
import Networking
import Testing

@Suite("Redirect rules every engine follows")
struct SessionLimitsTests {
    private func rejection(_ from: String, _ to: String, count: Int = 1) -> String? {
        SessionLimits.rejection(from: URL(string: from), to: URL(string: to), count: count, maximum: 5)
    }

    @Test("Given a redirect within https, or plain http on this machine, when checked, then it is followed")
    func followed() {
        #expect(rejection("https://itunes.apple.com/search", "https://itunes.apple.com/moved") == nil)
        #expect(rejection("http://127.0.0.1:8080/search", "http://localhost:9090/search") == nil)
        #expect(rejection("http://[::1]:8080/search", "http://[::1]:8080/moved") == nil)
        #expect(rejection("http://127.0.0.1/search", "https://example.org/search") == nil)
    }

    @Test("Given plain http that would leave this machine, when checked, then it is refused, as the base URL would be")
    func plainHTTPOffThisMachine() {
        #expect(
            rejection("http://127.0.0.1/search", "http://192.0.2.2:8080/search")
                == "a redirect to plain http off this machine")
        #expect(
            rejection("http://127.0.0.1/search", "http://example.org/search")
                == "a redirect to plain http off this machine")
    }

    @Test("Given another scheme, a downgrade or too many hops, when checked, then each is refused with its reason")
    func otherRefusals() {
        #expect(rejection("http://127.0.0.1/", "file:///etc/passwd") == "a redirect to a non-http(s) URL")
        #expect(rejection("https://itunes.apple.com/", "http://127.0.0.1/") == "a redirect from https to plain http")
        #expect(rejection("https://a.example/", "https://b.example/", count: 6) == "more than 5 redirects")
    }

    @Test(
        "Loopback hosts however written",
        arguments: ["localhost", "127.0.0.1", "127.9.8.7", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"])
    func loopback(host: String) {
        #expect(SessionLimits.isLoopback(host))
    }

    @Test(
        "Hosts off this machine",
        arguments: ["example.org", "192.0.2.2", "128.0.0.1", "127.0.0", "::2", "localhost.example.org", ""])
    func notLoopback(host: String) {
        #expect(!SessionLimits.isLoopback(host))
    }
}
