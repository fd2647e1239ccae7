import Foundation

/// A budget of requests shared by whoever sends them: each request first takes a slot, waiting
/// for one when the budget is spent, so a burst waits its turn instead of being throttled by the
/// server. `SharedRateBudget` is shared by every process of the user, `LocalRateBudget` by one.
public protocol RateBudget: Sendable {
    /// The rate the budget allows.
    var rate: RequestRate { get }

    /// Holds the earliest slot for the caller, without waiting for it.
    /// - Parameter maximumWait: The longest wait the caller takes.
    /// - Returns: The slot held and how long until it comes.
    /// - Throws: `RateBudgetRefusal` when the earliest slot is further off than `maximumWait`
    ///   (nothing is then held); `CancellationError` when the task was cancelled.
    func reserve(maximumWait: Duration) async throws -> RateBudgetReservation

    /// Gives back a slot that will not be used, so that the next caller may have it.
    /// - Parameter reservation: What `reserve` returned.
    func release(_ reservation: RateBudgetReservation)
}

/// A slot held for one request.
public struct RateBudgetReservation: Sendable, Equatable {
    /// When the slot comes.
    public let slot: Date
    /// How long from the reservation until then: zero for a slot free at once.
    public let wait: Duration
    /// Whether the slot is held in the budget shared between processes (else in this one's).
    public let isShared: Bool

    /// - Parameters:
    ///   - slot: When the slot comes.
    ///   - wait: How long until then.
    ///   - isShared: Whether it is held in the shared budget.
    public init(slot: Date, wait: Duration, isShared: Bool) {
        self.slot = slot
        self.wait = wait
        self.isShared = isShared
    }
}

/// The budget is spent for longer than the caller would wait.
public struct RateBudgetRefusal: Error, Equatable, Sendable {
    /// How long until a slot is free.
    public let wait: Duration

    /// - Parameter wait: How long until a slot is free.
    public init(wait: Duration) {
        self.wait = wait
    }
}

extension RateBudget {
    /// Waits for a slot: reserves the earliest, tells `onWait` how long the wait is (only when
    /// there is one), then sleeps once until it comes. A cancelled wait gives its slot back.
    /// - Parameters:
    ///   - maximumWait: The longest wait taken.
    ///   - sleep: Sleeps for a duration, throwing when the task is cancelled (tests pass their own).
    ///   - onWait: Told of the wait before it starts.
    /// - Returns: How long it waited.
    /// - Throws: `RateBudgetRefusal` at once, without waiting, when the wait needed is longer than
    ///   `maximumWait`; `CancellationError` when the task is cancelled.
    @discardableResult
    public func acquire(
        maximumWait: Duration,
        sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        onWait: (Duration) -> Void = { _ in }
    ) async throws -> Duration {
        try Task.checkCancellation()
        let reservation = try await reserve(maximumWait: maximumWait)
        guard reservation.wait > .zero else { return .zero }
        onWait(reservation.wait)
        do {
            try await sleep(reservation.wait)
            try Task.checkCancellation()
        } catch {
            release(reservation)
            throw CancellationError()
        }
        return reservation.wait
    }
}
