import Foundation
import Platform
import Synchronization

/// A budget kept by this process alone: enough for one server or session, and what
/// `SharedRateBudget` falls back to when the shared ledger cannot be used.
public final class LocalRateBudget: RateBudget {
    /// The requests allowed per window.
    public let rate: RequestRate
    private let now: @Sendable () -> Date
    private let slots: Mutex<SlidingWindow>

    /// - Parameters:
    ///   - rate: The requests allowed per window.
    ///   - now: The current time (tests pass their own clock).
    public init(rate: RequestRate, now: @escaping @Sendable () -> Date = { Date() }) {
        self.rate = rate
        self.now = now
        self.slots = Mutex(SlidingWindow(limit: rate.count, window: rate.window))
    }

    /// Holds the earliest slot of this process's window.
    /// - Parameter maximumWait: The longest wait the caller takes.
    /// - Returns: The slot held and how long until it comes.
    /// - Throws: `RateBudgetRefusal` when it is further off than `maximumWait` or the window.
    public func reserve(maximumWait: Duration) async throws -> RateBudgetReservation {
        let maximum = SlidingWindow.microseconds(maximumWait)
        // The time read under the lock: read before, a slot another task took meanwhile could
        // make this wait look longer than the window, and be refused.
        let result = slots.withLock { slots -> Result<(slot: Int64, time: Int64), RateBudgetRefusal> in
            let time = SlidingWindow.microseconds(self.now())
            if let slot = slots.reserve(now: time, maximumWait: maximum) { return .success((slot, time)) }
            return .failure(RateBudgetRefusal(wait: .microseconds(slots.earliestSlot(now: time) - time)))
        }
        let (slot, time) = try result.get()
        return RateBudgetReservation(slot: SlidingWindow.date(slot), wait: .microseconds(slot - time), isShared: false)
    }

    /// Frees a slot not yet come, for the next caller.
    /// - Parameter reservation: What `reserve` returned.
    public func release(_ reservation: RateBudgetReservation) {
        let now = SlidingWindow.microseconds(now())
        _ = slots.withLock { $0.release(SlidingWindow.microseconds(reservation.slot), now: now) }
    }

    /// Counts a slot granted elsewhere (by the shared budget), so that falling back to this one
    /// does not start from an empty window.
    /// - Parameter slot: The slot granted.
    func record(_ slot: Date) {
        let now = SlidingWindow.microseconds(now())
        let slot = SlidingWindow.microseconds(slot)
        slots.withLock { slots in
            slots.sanitise(now: now)
            slots = SlidingWindow(limit: slots.limit, window: rate.window, slots: slots.slots + [slot])
        }
    }
}
