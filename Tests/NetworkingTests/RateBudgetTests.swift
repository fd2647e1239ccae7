import Foundation
import Mocks
import Networking
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The budgets with a clock the test sets: nothing waits.
@Suite("Request budgets")
struct RateBudgetTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let clock = Locked(start)
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    private func rate(_ text: String) throws -> RequestRate { try #require(RequestRate(parsing: text)) }

    private var now: @Sendable () -> Date {
        let clock = clock
        return { clock.value }
    }

    private func advance(_ seconds: TimeInterval) {
        clock.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    private func waits(_ budget: any RateBudget, count: Int, maximumWait: Duration = .seconds(60)) async throws
        -> [Duration]
    {
        var waits: [Duration] = []
        for _ in 0..<count { waits.append(try await budget.reserve(maximumWait: maximumWait).wait) }
        return waits
    }

    @Test(
        "Given 3 in 10 s in one process, then 3 at once, then waits in turn; a longer wait is refused, holding nothing")
    func local() async throws {
        let budget = LocalRateBudget(rate: try rate("3/10"), now: now)
        #expect(try await waits(budget, count: 3) == [.zero, .zero, .zero])
        advance(4)
        #expect(try await waits(budget, count: 1) == [.seconds(6)])
        await #expect(throws: RateBudgetRefusal(wait: .seconds(6))) {
            try await budget.reserve(maximumWait: .seconds(5))
        }
        #expect(try await waits(budget, count: 2) == [.seconds(6), .seconds(6)])
    }

    @Test("Given two processes sharing the cache folder, then together they take 2 in 10 s")
    func shared() async throws {
        let problems = Locked<[String]>([])
        let (first, second) = try (
            SharedRateBudget(folder: folder, rate: rate("2/10"), now: now) { message in
                problems.withLock { $0.append(message) }
            },
            SharedRateBudget(folder: folder, rate: rate("2/10"), now: now) { message in
                problems.withLock { $0.append(message) }
            }
        )
        #expect(try await first.reserve(maximumWait: .zero).isShared)
        #expect(try await second.reserve(maximumWait: .zero).wait == .zero)
        let queued = try await first.reserve(maximumWait: .seconds(10))
        #expect(queued.wait == .seconds(10) && queued.isShared)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("rate-budget.ledger").path))
        #expect(problems.value.isEmpty)
    }

    @Test("Given a cache folder of another user, then one warning and a budget of the process's own")
    func refusedFolder() async throws {
        let problems = Locked<[String]>([])
        let budget = SharedRateBudget(folder: folder, rate: try rate("2/10"), userID: geteuid() &+ 1, now: now) {
            message in problems.withLock { $0.append(message) }
        }
        #expect(try await !budget.reserve(maximumWait: .zero).isShared)
        #expect(try await budget.reserve(maximumWait: .zero).wait == .zero)
        await #expect(throws: RateBudgetRefusal(wait: .seconds(10))) {
            try await budget.reserve(maximumWait: .seconds(1))
        }
        #expect(problems.value.count == 1)
        #expect(
            problems.value.first?.hasPrefix("no request budget shared with other mvsearch processes: ") == true,
            "\(problems.value)")
    }

    @Test("Given a shared budget that falls back, then the process's own budget counts the shared slots")
    func fallbackRemembersSharedSlots() async throws {
        let budget = SharedRateBudget(folder: folder, rate: try rate("2/10"), now: now) { _ in }
        _ = try await waits(budget, count: 2, maximumWait: .zero)
        // The ledger folder is replaced by a file: the ledger cannot be used any more.
        try FileManager.default.removeItem(at: folder)
        try Data().write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let next = try await budget.reserve(maximumWait: .seconds(10))
        #expect(!next.isShared && next.wait == .seconds(10))
    }

    @Test("Given a wait cancelled, then its slot is given back and the next caller gets it")
    func cancelledWaitGivesBack() async throws {
        let budget = LocalRateBudget(rate: try rate("1/10"), now: now)
        _ = try await budget.reserve(maximumWait: .zero)
        await #expect(throws: CancellationError.self) {
            try await budget.acquire(maximumWait: .seconds(10), sleep: { _ in throw CancellationError() })
        }
        #expect(try await budget.reserve(maximumWait: .seconds(10)).wait == .seconds(10))
    }
}
