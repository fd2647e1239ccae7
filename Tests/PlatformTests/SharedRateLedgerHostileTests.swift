import Foundation
import Platform
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A rate ledger file that is not what mvsearch wrote (issue 28, item 4): each is rebuilt with
/// the reason told once, never trusted, never followed, never waited on.
@Suite("A rate ledger file that is corrupt or not to be trusted")
struct SharedRateLedgerHostileTests {
    private let folder: URL
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let reasons = Reasons()

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    private func ledger() -> SharedRateLedger {
        let reasons = reasons
        return SharedRateLedger(directory: folder, name: "budget", limit: 3, window: .seconds(10)) { reason in
            reasons.value.withLock { $0.append(reason) }
        }
    }

    private var told: [String] { reasons.value.withLock { $0 } }

    /// Reserves twice: both granted, the ledger replaced by one that holds both, the reason told
    /// once (the second read finds a good ledger).
    private func expectRebuilt(_ ledger: SharedRateLedger, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        #expect(
            try await ledger.reserve(now: now, maximumWait: .zero) == .granted(slot: now),
            sourceLocation: sourceLocation)
        #expect(
            try await ledger.reserve(now: now, maximumWait: .zero) == .granted(slot: now),
            sourceLocation: sourceLocation)
        #expect(told.count == 1, "\(told)", sourceLocation: sourceLocation)
        var info = stat()
        #expect(lstat(ledger.ledgerURL.path, &info) == 0, sourceLocation: sourceLocation)
        #expect(info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o777 == 0o600, sourceLocation: sourceLocation)
        #expect(info.st_uid == geteuid(), sourceLocation: sourceLocation)
        let text = try String(contentsOf: ledger.ledgerURL, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 3, "\(text)", sourceLocation: sourceLocation)
    }

    @Test(
        "Given a ledger that is binary, cut short, empty, of bad lines, or 600 KB, then it is rebuilt, told once",
        arguments: [
            ("binary", Data([0x00, 0xFF, 0xFE, 0x80, 0x0A, 0x01])),
            ("cut short", Data("sliding-window-led".utf8)),
            ("cut mid-line", Data("sliding-window-ledger 1\n1800000000000000\n18000".utf8)),
            ("empty", Data()),
            ("bad lines", Data("sliding-window-ledger 1\n12x\n\n-\n".utf8)),
            ("another header", Data("sliding-window-ledger 2\n1\n".utf8)),
            ("huge", Data(repeating: 0x31, count: 600 * 1024)),
        ])
    func corrupt(_ name: String, _ contents: Data) async throws {
        let shared = ledger()
        try contents.write(to: shared.ledgerURL)
        chmod(shared.ledgerURL.path, 0o600)

        try await expectRebuilt(shared)

        #expect(told.first?.isEmpty == false, "\(name)")
    }

    @Test("Given a ledger writable by others, then it is not read but rebuilt, told once")
    func writableByOthers() async throws {
        let shared = ledger()
        // Three slots taken: trusted, it would leave none.
        let slot = String(Int64(now.timeIntervalSince1970) * 1_000_000)
        try Data("sliding-window-ledger 1\n\(slot)\n\(slot)\n\(slot)\n".utf8).write(to: shared.ledgerURL)
        chmod(shared.ledgerURL.path, 0o666)

        try await expectRebuilt(shared)

        #expect(told.first?.contains("writable") == true || told.first?.contains("others") == true, "\(told)")
    }

    @Test("Given a ledger that is a link, then the file it leads to is neither read nor written")
    func link() async throws {
        let shared = ledger()
        let elsewhere = folder.appendingPathComponent("elsewhere")
        let original = Data("sliding-window-ledger 1\n".utf8)
        try original.write(to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: shared.ledgerURL.path, withDestinationPath: elsewhere.path)

        try await expectRebuilt(shared)

        #expect(try Data(contentsOf: elsewhere) == original)
    }

    @Test("Given a ledger that is a FIFO, then nothing waits on it: it is rebuilt, told once")
    func fifo() async throws {
        let shared = ledger()
        try #require(mkfifo(shared.ledgerURL.path, 0o600) == 0)

        try await expectRebuilt(shared)
    }

    @Test("Given a lock file that is a FIFO, then the ledger is refused at once, never waited on")
    func fifoLock() async throws {
        let shared = ledger()
        try #require(mkfifo(shared.lockURL.path, 0o600) == 0)
        let started = ContinuousClock.now

        await #expect(throws: SharedRateLedger.Problem.self) {
            try await shared.reserve(now: now, maximumWait: .zero)
        }

        #expect(started.duration(to: .now) < .seconds(5))
    }

    @Test("Given a ledger owned by another user (as root: chown to nobody), then it is not read but replaced")
    func anotherUsersLedger() async throws {
        let shared = ledger()
        try Data("sliding-window-ledger 1\n".utf8).write(to: shared.ledgerURL)
        chmod(shared.ledgerURL.path, 0o600)
        guard geteuid() == 0 else {
            // Without root no file can be given away; the same check runs with another user's id.
            let other = SharedRateLedger(
                directory: folder, name: "budget", limit: 3, window: .seconds(10), userID: geteuid() &+ 1
            ) { _ in }
            await #expect(throws: SharedRateLedger.Problem.self) {
                try await other.reserve(now: now, maximumWait: .zero)
            }
            return
        }
        try #require(chown(shared.ledgerURL.path, 65534, 65534) == 0)

        try await expectRebuilt(shared)

        #expect(told.first?.contains("another user") == true, "\(told)")
    }
}

/// The reasons a ledger told, in order.
private final class Reasons: Sendable {
    let value = Mutex<[String]>([])
}
