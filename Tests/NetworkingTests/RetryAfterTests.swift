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

    @Test(
        "A date that overflows, or is no calendar date, is absent — never 'retry at once'",
        arguments: [
            "Sun, 06 Nov 99999999999999 08:49:37 GMT", "Sun, 06 Nov 9223372036854775807 08:49:37 GMT",
            "Sun, 06 Nov -9223372036854775808 08:49:37 GMT", "Sun, 06 Nov 292277026596 08:49:37 GMT",
            "Sun, 9223372036854775807 Nov 2030 08:49:37 GMT", "Sun, 99 Nov 2030 08:49:37 GMT",
            "Sun, 06 Nov 2030 99:99:99 GMT", "Sun, 06 Nov 2030 9223372036854775807:00:00 GMT",
            "Sun, 06 Nov 0000 08:49:37 GMT",
        ])
    func overflowingDate(value: String) throws {
        let now = try #require(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(HTTPFailure(statusCode: 429, headers: ["Retry-After": value]).retryAfter(now: now) == nil)
    }

    @Test("Delta-seconds too large for an integer are absent")
    func hugeSeconds() {
        #expect(HTTPFailure(statusCode: 503, headers: ["Retry-After": "99999999999999999999999"]).retryAfter() == nil)
    }
}
