import Foundation
import Networking
import Testing

@Suite("Retry-After is read as seconds or as an HTTP date")
struct RetryAfterTests {
    @Test("Delta-seconds")
    func seconds() {
        #expect(HTTPFailure(statusCode: 429, headers: ["Retry-After": "29"]).retryAfter() == 29)
    }

    @Test("An IMF-fixdate relative to now, never negative")
    func httpDate() throws {
        let now = try #require(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT"))
        let failure = HTTPFailure(statusCode: 503, headers: ["retry-after": "Sun, 06 Nov 1994 08:50:07 GMT"])
        #expect(failure.retryAfter(now: now) == 30)
        #expect(failure.retryAfter(now: now.addingTimeInterval(100)) == 0)
        #expect(now.timeIntervalSince1970 == 784_111_777)
    }

    @Test("Absent or unreadable values give nil", arguments: ["", "soon", "-5", "Sun, 06 Nov 1994"])
    func unreadable(value: String) {
        #expect(HTTPFailure(statusCode: 503, headers: ["Retry-After": value]).retryAfter() == nil)
    }
}
