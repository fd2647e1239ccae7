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

    @Test(
        """
        Given the lock held past the timeout and the caller's wait, then the request is refused, \
        not sent on a budget of the process's own (which could pass the shared one), said once
        """)
    func refusedWhenLocked() async throws {
        let problems = Locked<[String]>([])
        let rate = try #require(RequestRate(parsing: "2/10"))
        let instant = Date()
        let budget = SharedRateBudget(
            folder: folder, rate: rate, lockTimeout: .milliseconds(200), now: { instant },
            onProblem: { message in problems.withLock { $0.append(message) } })
        #expect(try await budget.reserve(maximumWait: .zero).isShared)
        let holder = try await holdLock(folder.appendingPathComponent(".rate-budget.lock").path)
        defer { kill(holder.processIdentifier, SIGKILL) }
        let clock = ContinuousClock()
        let started = clock.now

        await #expect(throws: RateBudgetRefusal(wait: .milliseconds(200))) {
            try await budget.reserve(maximumWait: .zero)
        }
        // Waited for as long as the caller waits for a slot: 600 ms here, tried three times or so.
        await #expect(throws: RateBudgetRefusal.self) { try await budget.reserve(maximumWait: .milliseconds(600)) }

        let took = clock.now - started
        // At least the wait; well under a minute, however loaded the machine.
        #expect(took >= .milliseconds(600) && took < .seconds(60), "\(took)")
        #expect(problems.value.count == 1, "\(problems.value)")
        #expect(problems.value.first?.hasSuffix("the request was not sent, to stay within the shared budget") == true)
    }

    @Test("Given the lock freed while the caller still waits, then the shared ledger grants the slot")
    func waitsOutAShortLock() async throws {
        let rate = try #require(RequestRate(parsing: "2/10"))
        let budget = SharedRateBudget(
            folder: folder, rate: rate, lockTimeout: .milliseconds(200), onProblem: { _ in })
        #expect(try await budget.reserve(maximumWait: .zero).isShared)
        let holder = try await holdLock(folder.appendingPathComponent(".rate-budget.lock").path)
        let reserving = Task { try await budget.reserve(maximumWait: .seconds(30)) }
        // Freed while the reservation may be waiting for it (or before it first tries).
        kill(holder.processIdentifier, SIGKILL)
        #expect(await holder.exited(within: 60))

        #expect(try await reserving.value.isShared)
    }
}
