import Foundation
import Platform
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two ledgers on one folder stand for two processes; time is given, never waited for.
@Suite("A rate ledger shared between processes")
struct SharedRateLedgerTests {
    private let folder: URL
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    private func ledger(limit: Int = 3, window: Duration = .seconds(10), lockTimeout: Duration = .seconds(2))
        -> SharedRateLedger
    {
        SharedRateLedger(directory: folder, name: "budget", limit: limit, window: window, lockTimeout: lockTimeout)
    }

    private func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test(
        """
        Given a reservation, then its time is read once the ledger's lock is held: a caller that \
        waited for the lock while another took a slot measures its wait from when it got it
        """)
    func readsTheTimeUnderTheLock() async throws {
        let ledger = ledger(limit: 1)
        #expect(try await ledger.reserve(now: at(0), maximumWait: .seconds(30)) == .granted(slot: at(0)))
        let probe = open(ledger.lockURL.path, O_RDWR)
        try #require(probe >= 0)
        defer { close(probe) }
        let lockHeldWhenRead = Recorded()
        let later = at(10.01)

        let reservation = try await ledger.reserve(maximumWait: .seconds(30)) {
            // Another open file description of the lock: its flock fails while the ledger holds it.
            let free = flock(probe, LOCK_EX | LOCK_NB) == 0
            if free { flock(probe, LOCK_UN) }
            lockHeldWhenRead.value.withLock { $0 = !free }
            return later
        }

        #expect(lockHeldWhenRead.value.withLock { $0 } == true)
        #expect(reservation == .granted(slot: at(10.01)))
    }

    @Test("Given 3 in 10 s shared by two, then 3 slots now, then future slots in the order asked, then none")
    func grantsThenQueues() async throws {
        let (first, second) = (ledger(), ledger())
        #expect(try await first.reserve(now: at(0), maximumWait: .seconds(30)) == .granted(slot: at(0)))
        #expect(try await second.reserve(now: at(0.5), maximumWait: .seconds(30)) == .granted(slot: at(0.5)))
        #expect(try await first.reserve(now: at(1), maximumWait: .seconds(30)) == .granted(slot: at(1)))
        #expect(try await second.reserve(now: at(2), maximumWait: .seconds(30)) == .granted(slot: at(10)))
        #expect(try await first.reserve(now: at(2), maximumWait: .seconds(30)) == .granted(slot: at(10.5)))
        #expect(try await second.reserve(now: at(3), maximumWait: .seconds(30)) == .granted(slot: at(11)))
        // The next slot is 20 s off: further than a window, so nobody holds it.
        #expect(try await first.reserve(now: at(3), maximumWait: .seconds(30)) == .tooFar(earliest: at(20)))
        #expect(try await first.reserve(now: at(3), maximumWait: .seconds(5)) == .tooFar(earliest: at(20)))
        #expect(try await second.reserve(now: at(20), maximumWait: .zero) == .granted(slot: at(20)))
    }

    @Test("Given 40 callers at once on four ledgers of 5 slots, then exactly 5 are granted: the lock serialises them")
    func concurrentCallers() async throws {
        // A throughput test, not a timeout test: each caller may wait as long as the others take.
        let ledgers = (0..<4).map { _ in ledger(limit: 5, lockTimeout: .seconds(60)) }
        let now = at(0)
        let granted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<40 {
                let ledger = ledgers[index % ledgers.count]
                group.addTask {
                    if case .granted = try await ledger.reserve(now: now, maximumWait: .zero) { return true }
                    return false
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 5)
    }

    @Test("Given a slot too far for the caller, then nothing is held and the next caller gets the same slot")
    func tooFarHoldsNothing() async throws {
        let shared = ledger(limit: 1)
        #expect(try await shared.reserve(now: at(0), maximumWait: .zero) == .granted(slot: at(0)))
        #expect(try await shared.reserve(now: at(1), maximumWait: .seconds(2)) == .tooFar(earliest: at(10)))
        #expect(try await shared.reserve(now: at(1), maximumWait: .seconds(9)) == .granted(slot: at(10)))
    }

    @Test("Given a future slot given back, then the next caller gets it instead of a later one")
    func release() async throws {
        let shared = ledger(limit: 1)
        _ = try await shared.reserve(now: at(0), maximumWait: .zero)
        #expect(try await shared.reserve(now: at(1), maximumWait: .seconds(10)) == .granted(slot: at(10)))
        #expect(shared.release(at(10), now: at(2)))
        #expect(try await ledger(limit: 1).reserve(now: at(3), maximumWait: .seconds(10)) == .granted(slot: at(10)))
    }

    @Test("Given a corrupt ledger, then it counts as empty and is replaced by a readable one")
    func corrupt() async throws {
        let shared = ledger()
        _ = try await shared.reserve(now: at(0), maximumWait: .zero)
        try Data("sliding-window-ledger 1\n12x\n\u{0}\u{1}".utf8).write(to: shared.ledgerURL)
        for offset in 0..<3 {
            #expect(try await shared.reserve(now: at(1), maximumWait: .zero) == .granted(slot: at(1)), "\(offset)")
        }
        let text = try String(contentsOf: shared.ledgerURL, encoding: .utf8)
        #expect(text.hasPrefix("sliding-window-ledger 1\n"))
        #expect(text.split(separator: "\n").count == 4)
        var info = stat()
        #expect(stat(shared.ledgerURL.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test("Given slots far in the future (the clock set back), then they are dropped, not waited for")
    func clockSetBack() async throws {
        let shared = ledger()
        for _ in 0..<3 { _ = try await shared.reserve(now: at(1000), maximumWait: .zero) }
        #expect(try await shared.reserve(now: at(0), maximumWait: .zero) == .granted(slot: at(0)))
    }

    @Test("Given a folder of another user, then it is refused; given one open to others, then it is made 0700")
    func folderRules() async throws {
        let other = SharedRateLedger(
            directory: folder, name: "budget", limit: 3, window: .seconds(10), userID: geteuid() &+ 1)
        await #expect(throws: SharedRateLedger.Problem.self) {
            try await other.reserve(now: at(0), maximumWait: .zero)
        }
        do {
            _ = try await other.reserve(now: at(0), maximumWait: .zero)
        } catch {
            #expect(error.kind == .refused)
            #expect(error.reason.hasSuffix("belongs to another user (uid \(geteuid()))"), "\(error.reason)")
        }
        chmod(folder.path, 0o777)
        #expect(try await ledger().reserve(now: at(0), maximumWait: .zero) == .granted(slot: at(0)))
        var info = stat()
        #expect(stat(folder.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test("Given the lock file is a link, then the ledger is refused")
    func linkedLock() async throws {
        let shared = ledger()
        try FileManager.default.createSymbolicLink(
            atPath: shared.lockURL.path, withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        do {
            _ = try await shared.reserve(now: at(0), maximumWait: .zero)
            Issue.record("a linked lock file was used")
        } catch {
            #expect(error.kind == .refused)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere").path))
    }
}

/// What a closure saw, read after it ran.
private final class Recorded: Sendable {
    let value = Mutex<Bool?>(nil)
}
