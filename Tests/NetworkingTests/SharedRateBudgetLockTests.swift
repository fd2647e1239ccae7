import Foundation
import Mocks
import Networking
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another process holds the budget's lock: a python3 child that takes it with `flock` and says so.
@Suite("A shared request budget whose lock another process holds")
struct SharedRateBudgetLockTests {

    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("budget-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    @Test("Given the lock held past the timeout, then the request takes a slot of the process's own budget, said once")
    func fallsBackWhenLocked() async throws {
        let problems = Locked<[String]>([])
        let rate = try #require(RequestRate(parsing: "2/10"))
        // The window's clock stands still: a loaded machine must not let the first slot expire.
        let instant = Date()
        let budget = SharedRateBudget(
            folder: folder, rate: rate, lockTimeout: .milliseconds(200), now: { instant },
            onProblem: { message in problems.withLock { $0.append(message) } })
        #expect(try await budget.reserve(maximumWait: .zero).isShared)
        let holder = try holdLock(folder.appendingPathComponent(".rate-budget.lock").path)
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        let clock = ContinuousClock()
        let started = clock.now
        let local = try await budget.reserve(maximumWait: .zero)
        #expect(!local.isShared && local.wait == .zero)
        // Both slots of the window are now taken, the shared one counted too.
        await #expect(throws: RateBudgetRefusal.self) { try await budget.reserve(maximumWait: .zero) }
        // Two lock timeouts of 200 ms, with the slack a loaded machine needs.
        #expect(clock.now - started < .seconds(20))
        #expect(problems.value.count == 1, "\(problems.value)")
        #expect(
            problems.value.first?.hasSuffix("this request counts against this process's own request budget") == true)
    }
}
