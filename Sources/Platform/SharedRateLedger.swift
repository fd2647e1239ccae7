import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `SlidingWindow` kept in a file that every process of the user shares, so that they all draw
/// from one budget: `<name>.ledger` in a private folder, read and replaced under an exclusive
/// `flock` on `.<name>.lock`.
///
/// The lock is held for microseconds (read, decide, write); another process's is waited for at
/// most `lockTimeout`, trying again every 10 ms, never forever. The kernel releases a lock when
/// its process ends, however it ends (`kill -9` included), so a crash never blocks the others.
/// The ledger is replaced atomically (`AtomicFile`): a process killed while writing leaves the
/// old ledger whole. One that cannot be read (corrupt, too large, not a regular file) counts as
/// empty and is replaced by the next reservation. The folder and the lock file are used only
/// when they are the user's own (`PrivateFiles`: folder `0700`, files `0600`, no link followed).
public final class SharedRateLedger: Sendable {
    /// Why the ledger was not used for a reservation.
    public struct Problem: Error, Equatable, Sendable {
        /// What went wrong.
        public enum Kind: Sendable, Equatable {
            /// The folder or the lock file is not the user's own, or cannot be made: it will
            /// not be used, and asking again will not change that.
            case refused
            /// Another process held the lock for all of `lockTimeout`.
            case lockTimedOut
            /// The ledger could not be written (a full disk, a read-only folder).
            case unwritable
            /// The task was cancelled while it waited for the lock.
            case cancelled
        }

        /// What went wrong.
        public let kind: Kind
        /// In words, naming the file: `/x/.rate.lock belongs to another user (uid 0)`.
        public let reason: String

        /// - Parameters:
        ///   - kind: What went wrong.
        ///   - reason: In words, naming the file.
        public init(_ kind: Kind, _ reason: String) {
            self.kind = kind
            self.reason = reason
        }
    }

    /// How long another process's lock is waited for, by default.
    public static let defaultLockTimeout: Duration = .seconds(2)
    /// The first line of a ledger.
    static let header = "sliding-window-ledger 1"
    /// The largest ledger read: a header and 20 000 slots (two windows of 10 000) of 20
    /// characters, whatever limit the process that wrote it used.
    static let maximumBytes = 512 * 1024

    private let directory: URL
    private let name: String
    private let limit: Int
    private let window: Duration
    private let lockTimeout: Duration
    private let userID: uid_t
    private let onRebuilt: @Sendable (String) -> Void

    /// The file that holds the slots.
    public var ledgerURL: URL { directory.appendingPathComponent("\(name).ledger") }
    /// The file locked while the ledger is read and replaced.
    public var lockURL: URL { directory.appendingPathComponent(".\(name).lock") }

    /// - Parameters:
    ///   - directory: The private folder, created (`0700`) on the first reservation.
    ///   - name: The ledger's name: processes using the same name share the budget.
    ///   - limit: The events allowed per window.
    ///   - window: The window.
    ///   - lockTimeout: How long another process's lock is waited for.
    ///   - userID: Whose the folder and files must be (tests pass another user's).
    ///   - onRebuilt: Told why, each time a ledger file is there but not used — corrupt, cut
    ///     short, too large, not text, not a regular file (a link, a FIFO), another user's or
    ///     writable by others — and so is replaced by one counting from what this process knows.
    public init(
        directory: URL, name: String, limit: Int, window: Duration, lockTimeout: Duration = defaultLockTimeout,
        userID: uid_t = geteuid(), onRebuilt: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.directory = directory
        self.name = name
        self.limit = limit
        self.window = window
        self.lockTimeout = lockTimeout
        self.userID = userID
        self.onRebuilt = onRebuilt
    }

    /// What a reservation got.
    public enum Reservation: Sendable, Equatable {
        /// This slot (now or later) is held for the caller.
        case granted(slot: Date)
        /// The earliest slot is further off than the caller would wait: nothing is held.
        case tooFar(earliest: Date)
    }

    /// Grants the earliest slot, shared with every process using this ledger, unless it is further
    /// off than `maximumWait` or than the window.
    /// - Parameters:
    ///   - now: The current time.
    ///   - maximumWait: The longest wait the caller takes.
    /// - Returns: The slot held, or when the earliest one is.
    /// - Throws: `Problem` when the ledger cannot be used for this reservation.
    public func reserve(now: Date, maximumWait: Duration) async throws(Problem) -> Reservation {
        try await reserve(maximumWait: maximumWait) { now }
    }

    /// `reserve(now:maximumWait:)` with the time read from `clock` once the lock is held: a
    /// caller that waited for the lock while another took a slot measures its wait from when it
    /// got the lock, not from before (else that wait, up to a window plus the lock's, could pass
    /// for further off than the window, and be refused).
    /// - Parameters:
    ///   - maximumWait: The longest wait the caller takes.
    ///   - clock: The current time.
    /// - Returns: The slot held, or when the earliest one is.
    /// - Throws: `Problem` when the ledger cannot be used for this reservation.
    public func reserve(maximumWait: Duration, clock: @Sendable () -> Date) async throws(Problem) -> Reservation {
        let maximum = SlidingWindow.microseconds(maximumWait)
        return try await withLockedWindow { (slots: inout SlidingWindow) in
            let now = SlidingWindow.microseconds(clock())
            slots.sanitise(now: now)
            let earliest = slots.earliestSlot(now: now)
            guard let slot = slots.reserve(now: now, maximumWait: maximum) else {
                return .tooFar(earliest: SlidingWindow.date(earliest))
            }
            return .granted(slot: SlidingWindow.date(slot))
        }
    }

    /// Gives back a slot that will not be used, if the lock is free at once (a cancelled caller
    /// must not wait): otherwise the slot simply goes unused.
    /// - Parameters:
    ///   - slot: A slot `reserve` returned.
    ///   - now: The current time: a slot already past is not given back.
    /// - Returns: Whether the slot was given back.
    @discardableResult
    public func release(_ slot: Date, now: Date) -> Bool {
        guard let lock = try? openLock() else { return false }
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return false }
        defer { flock(lock, LOCK_UN) }
        var slots = read()
        guard slots.release(SlidingWindow.microseconds(slot), now: SlidingWindow.microseconds(now)) else {
            return false
        }
        return write(slots)
    }

    private func withLockedWindow<Value>(
        _ body: (inout SlidingWindow) -> Value
    ) async throws(Problem) -> Value {
        let lock = try openLock()
        defer { close(lock) }
        try await acquire(lock)
        // Released now, not when the last copy of the descriptor closes: a program being started
        // at this moment holds one until it runs, and the lock with it.
        defer { flock(lock, LOCK_UN) }
        var slots = read()
        let value = body(&slots)
        guard write(slots) else {
            throw Problem(.unwritable, "cannot write \(ledgerURL.path): \(PrivateFiles.describe(errno))")
        }
        return value
    }

    private func openLock() throws(Problem) -> Int32 {
        do throws(PrivateFiles.Refusal) {
            try PrivateFiles.checkFolder(directory, creating: true, userID: userID)
            return try PrivateFiles.openForUpdate(lockURL, userID: userID)
        } catch {
            throw Problem(.refused, error.reason)
        }
    }

    /// Takes the exclusive lock, trying every 10 ms until `lockTimeout` has passed, a bounded
    /// number of times. The tries run on a thread of their own, not the cooperative pool: a pool
    /// busy with other work would stretch each 10 ms wait to seconds (measured: 25 s for a 2 s
    /// timeout while the test suite ran), and a lock must be waited on for about 2 s, no more.
    private func acquire(_ descriptor: Int32) async throws(Problem) {
        let lockTimeout = lockTimeout
        let cancelled = Atomic<Bool>(false)
        let outcome: LockOutcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let started = DetachedThread.start {
                    continuation.resume(returning: Self.tryLocking(descriptor, for: lockTimeout, cancelled: cancelled))
                }
                if !started {
                    continuation.resume(returning: Self.tryLocking(descriptor, for: .zero, cancelled: cancelled))
                }
            }
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
        }
        switch outcome {
        case .locked: return
        case .cancelled: throw Problem(.cancelled, "cancelled while waiting for \(lockURL.path)")
        case .timedOut:
            throw Problem(
                .lockTimedOut, "another process has held \(lockURL.path) for \(lockTimeout.components.seconds) s")
        }
    }

    private enum LockOutcome: Sendable {
        case locked, cancelled, timedOut
    }

    /// Tries `flock` every 10 ms until it succeeds, `timeout` passes or `cancelled` is set.
    private static func tryLocking(_ descriptor: Int32, for timeout: Duration, cancelled: borrowing Atomic<Bool>)
        -> LockOutcome
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let tries = Int(min(timeout / .milliseconds(10), 100_000)) + 2
        var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
        for _ in 0..<tries {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return .locked }
            guard errno == EWOULDBLOCK || errno == EINTR || errno == ENOLCK else { return .timedOut }
            if cancelled.load(ordering: .relaxed) { return .cancelled }
            guard clock.now < deadline else { return .timedOut }
            nanosleep(&pause, nil)
        }
        return .timedOut
    }

    /// The slots in the ledger; empty when there is none or it cannot be read.
    private func read() -> SlidingWindow {
        let empty = SlidingWindow(limit: limit, window: window)
        let data: Data
        do throws(PrivateFiles.Refusal) {
            guard let found = try PrivateFiles.read(ledgerURL, userID: userID, maximumBytes: Self.maximumBytes) else {
                return empty
            }
            data = found
        } catch {
            onRebuilt(error.reason)
            return empty
        }
        guard let slots = Self.slots(in: data) else {
            onRebuilt("\(ledgerURL.path) is not a ledger mvsearch wrote (corrupt or cut short)")
            return empty
        }
        return SlidingWindow(limit: limit, window: window, slots: slots)
    }

    /// The slots a ledger's text holds: its header line, then one number a line; `nil` for
    /// anything else.
    static func slots(in data: Data) -> [Int64]? {
        guard let text = String(validating: data, as: UTF8.self), text.last == "\n" else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard lines.first == Substring(header) else { return nil }
        var slots: [Int64] = []
        for line in lines.dropFirst() {
            guard let slot = Int64(line) else { return nil }
            slots.append(slot)
        }
        return slots
    }

    private func write(_ slots: SlidingWindow) -> Bool {
        let text = ([Self.header] + slots.slots.map(String.init)).joined(separator: "\n") + "\n"
        return AtomicFile.write(Data(text.utf8), to: ledgerURL)
    }
}
