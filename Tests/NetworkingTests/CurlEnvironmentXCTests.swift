#if os(Linux)
    import Foundation
    import XCTest

    @testable import Networking

    /// The one test that changes the process's environment. An XCTest case, so it runs while no
    /// other test does: `setenv` may move the environment under a thread reading it (a child
    /// process being started), which a run of tests in parallel once turned into a crash.
    final class CurlEnvironmentXCTests: XCTestCase {
        /// Given a variable not set, when libcurl is loaded with it, then it is set during the load
        /// only; given one the user set, then it is kept, value and all.
        func testGivenAVariableWhenLoadingThenItIsSetForTheLoadOnlyAndAUsersIsKept() {
            let name = "MVSEARCH_TEST_\(UInt64.random(in: 0...UInt64.max))"
            var during: String?
            LibCurl.withEnvironmentVariable(name, setTo: "1") { during = getenv(name).map { String(cString: $0) } }
            XCTAssertEqual(during, "1")
            XCTAssertNil(getenv(name))
            setenv(name, "set by the user", 1)
            defer { unsetenv(name) }
            LibCurl.withEnvironmentVariable(name, setTo: "1") { during = getenv(name).map { String(cString: $0) } }
            XCTAssertEqual(during, "set by the user")
            XCTAssertEqual(getenv(name).map { String(cString: $0) }, "set by the user")
        }
    }
#endif
