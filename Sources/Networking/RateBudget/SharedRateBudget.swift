import Foundation
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One budget for every process of the user on this machine: a session, a script, a server and
/// an agent's server all take their slots from `rate-budget.ledger` in the cache folder
/// (`SharedRateLedger`), so together they stay within the rate.
///
/// A folder that is not the user's own is reported once through `onProblem` and the process
/// keeps a budget of its own from then on (`LocalRateBudget`); a ledger that cannot be written
/// sends that one request to the process's own budget, also reported once. The process's own
/// budget counts the shared slots it was granted, so falling back does not start from an empty
/// window. A lock other processes hold (many queued for it) is waited for as long as the caller
/// waits for a slot, at least `lockTimeout`; then the request is refused, not sent, reported
/// once — counted on a budget of its own, it could pass the shared one.
public final class SharedRateBudget: RateBudget {
    /// The ledger's name in the folder: `rate-budget.ledger`, locked through `.rate-budget.lock`.
    public static let ledgerName = "rate-budget"

    /// The requests allowed per window, all processes together.
    public let rate: RequestRate
    private let ledger: SharedRateLedger
    private let lockTimeout: Duration
    private let local: LocalRateBudget
    private let now: @Sendable () -> Date
    private let onProblem: @Sendable (String) -> Void
    private struct State {
        /// The ledger was refused for good: only the process's own budget is used.
        var isShared = true
        /// The kinds of problem reported already: each is reported once.
        var reported: Set<String> = []
    }
    private let state = Mutex(State())

    /// - Parameters:
    ///   - folder: The cache folder (created `0700` when missing); the ledger lives in it.
    ///   - rate: The requests allowed per window, all processes together.
    ///   - lockTimeout: How long another process's lock is waited for.
    ///   - userID: Whose the folder and files must be (tests pass another user's).
    ///   - now: The current time (tests pass their own clock).
    ///   - onProblem: Told once per kind of problem that the shared budget is not used, and why.
    public init(
        folder: URL,
        rate: RequestRate,
        lockTimeout: Duration = SharedRateLedger.defaultLockTimeout,
        userID: uid_t = geteuid(),
        now: @escaping @Sendable () -> Date = { Date() },
        onProblem: @escaping @Sendable (String) -> Void
    ) {
        self.rate = rate
        self.lockTimeout = lockTimeout
        let rebuilt = FirstTime()
        self.ledger = SharedRateLedger(
            directory: folder, name: Self.ledgerName, limit: rate.count, window: rate.window,
            lockTimeout: lockTimeout, userID: userID
        ) { reason in
            // Once a process: the ledger it writes next is a good one.
            guard rebuilt.claim() else { return }
            onProblem("\(reason) — the request budget's ledger was replaced; it counts again from this request")
        }
        self.local = LocalRateBudget(rate: rate, now: now)
        self.now = now
        self.onProblem = onProblem
    }

    /// The file that holds the slots.
    public var ledgerURL: URL { ledger.ledgerURL }

    /// Holds the earliest slot of the shared ledger, or of the process's own budget when the
    /// ledger cannot be used.
    /// - Parameter maximumWait: The longest wait the caller takes.
    /// - Returns: The slot held and how long until it comes.
    /// - Throws: `RateBudgetRefusal` when it is further off than `maximumWait` or the window;
    ///   `CancellationError` when the task was cancelled while waiting for the lock.
    public func reserve(maximumWait: Duration) async throws -> RateBudgetReservation {
        guard state.withLock({ $0.isShared }) else { return try await local.reserve(maximumWait: maximumWait) }
        let reservation: SharedRateLedger.Reservation
        let clock = ContinuousClock()
        let deadline = clock.now + maximumWait
        do {
            reservation = try await reserveShared(maximumWait: maximumWait, until: deadline, clock: clock)
        } catch {
            switch error.kind {
            case .cancelled:
                throw CancellationError()
            case .refused:
                state.withLock { $0.isShared = false }
                report("refused", "no request budget shared with other mvsearch processes: \(error.reason)")
            case .lockTimedOut:
                report("lock", "\(error.reason) — the request was not sent, to stay within the shared budget")
                throw RateBudgetRefusal(wait: lockTimeout)
            case .unwritable:
                report("write", "\(error.reason) — requests count against this process's own request budget")
            }
            return try await local.reserve(maximumWait: maximumWait)
        }
        switch reservation {
        case .granted(let slot):
            local.record(slot)
            return RateBudgetReservation(slot: slot, wait: Self.duration(from: now(), to: slot), isShared: true)
        case .tooFar(let earliest):
            throw RateBudgetRefusal(wait: Self.duration(from: now(), to: earliest))
        }
    }

    /// The ledger's reservation, its lock tried again while the caller's wait lasts.
    private func reserveShared(maximumWait: Duration, until deadline: ContinuousClock.Instant, clock: ContinuousClock)
        async throws(SharedRateLedger.Problem) -> SharedRateLedger.Reservation
    {
        // The whole wait the first time (measured on the budget's own clock, which tests fix);
        // what is left of it after a lock waited out.
        var wait = maximumWait
        while true {
            do {
                return try await ledger.reserve(maximumWait: wait, clock: now)
            } catch  where error.kind == .lockTimedOut && clock.now < deadline {
                wait = max(.zero, clock.now.duration(to: deadline))
            }
        }
    }

    /// Frees a slot not yet come, for the next caller (in the ledger only when its lock is free
    /// at once: a cancelled caller does not wait).
    /// - Parameter reservation: What `reserve` returned.
    public func release(_ reservation: RateBudgetReservation) {
        if reservation.isShared { ledger.release(reservation.slot, now: now()) }
        local.release(reservation)
    }

    private func report(_ kind: String, _ message: String) {
        let isNew = state.withLock { $0.reported.insert(kind).inserted }
        if isNew { onProblem(message) }
    }

    private static func duration(from start: Date, to end: Date) -> Duration {
        .microseconds(max(0, SlidingWindow.microseconds(end) - SlidingWindow.microseconds(start)))
    }
}

/// `claim()` is `true` the first time only.
private final class FirstTime: Sendable {
    private let claimed = Atomic<Bool>(false)

    func claim() -> Bool { !claimed.exchange(true, ordering: .relaxed) }
}
