import Foundation
import Testing

@testable import Platform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Platform's string helpers and threads (in place of corelibs Foundation's)")
struct PlainTextAndThreadTests {
    @Test("White space at either end goes, inner white space stays")
    func trimmingWhitespace() {
        #expect("  \t30 \r\n".trimmingWhitespace() == "30")
        #expect("a b".trimmingWhitespace() == "a b")
        #expect(" \u{00A0} ".trimmingWhitespace() == "")
        #expect("".trimmingWhitespace() == "")
        // Combining marks after a space are no white space: a character of both keeps its marks.
        #expect(" \u{301}\u{301} ".trimmingWhitespace() == "\u{301}\u{301}")
        #expect("= \u{308}".dropFirst().trimmingWhitespace().unicodeScalars.map(\.value) == [0x308])
    }

    @Test("An IPv6 literal loses its brackets, and nothing else")
    func trimmingBrackets() {
        #expect("[::1]".trimmingBrackets() == "::1")
        #expect("::1".trimmingBrackets() == "::1")
        #expect("[]".trimmingBrackets() == "")
    }

    @Test("A text is found anywhere, compared character by character")
    func includes() {
        #expect("ssl: certificate has expired".includes("expired"))
        #expect("x".includes(""))
        #expect(!"expire".includes("expired"))
        #expect("cafe\u{301}".includes("café"))  // canonically equivalent
    }

    @Test("The body runs once, on a thread of its own")
    func detachedThread() async {
        let caller = pthread_self()
        let ranElsewhere = await withCheckedContinuation { continuation in
            let started = DetachedThread.start {
                continuation.resume(returning: pthread_equal(pthread_self(), caller) == 0)
            }
            #expect(started)
        }
        #expect(ranElsewhere)
    }
}
