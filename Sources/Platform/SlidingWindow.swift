import Foundation

/// At most `limit` events in any `window` of time, as a list of the slots granted: a pure value,
/// kept in memory by one process or in a file shared by several (`SharedRateLedger`).
///
/// A caller asks for a slot; it gets one now while fewer than `limit` were granted in the last
/// `window`, and otherwise the earliest slot to come (`limit` slots back, plus `window`), which
/// is then held for it: callers that queue get slots in the order they asked (never one before
/// a slot already held), rather than all trying again at the same moment. A slot is never
/// further than `window` ahead, so anything later than that (a clock set back) cannot be a real
/// slot and is dropped; so is anything a whole window old. What is left spans two windows, so
/// it holds at most `2 × limit` slots.
public struct SlidingWindow: Sendable, Equatable {
    /// The events allowed per window, at least 1.
    public let limit: Int
    /// The window, in microseconds, at least 1.
    public let windowMicroseconds: Int64
    /// The slots granted, in microseconds since 1970, ascending; at most `2 × limit`.
    public private(set) var slots: [Int64]

    /// - Parameters:
    ///   - limit: The events allowed per window (at least 1 is used).
    ///   - window: The window (at least a microsecond is used).
    ///   - slots: Slots granted before, in any order (kept: the latest `2 × limit`).
    public init(limit: Int, window: Duration, slots: [Int64] = []) {
        self.limit = max(1, limit)
        self.windowMicroseconds = max(1, Self.microseconds(window))
        self.slots = Array(slots.sorted().suffix(2 * self.limit))
    }

    /// Drops the slots that no longer count at `now`: those a whole window old, and those
    /// further ahead than a window (written before the clock was set back).
    /// - Parameter now: Microseconds since 1970.
    public mutating func sanitise(now: Int64) {
        let (earliest, latest) = (now &- windowMicroseconds, now &+ windowMicroseconds)
        slots = Array(slots.filter { $0 > earliest && $0 <= latest }.sorted().suffix(2 * limit))
    }

    /// Grants the earliest slot, unless it is further off than the caller would wait.
    /// - Parameters:
    ///   - now: Microseconds since 1970.
    ///   - maximumWait: The longest wait taken, in microseconds; never more than the window.
    /// - Returns: The slot (`now` or later) when it is granted and held; otherwise `nil`, and
    ///   `earliestSlot(now:)` says when one will be free.
    public mutating func reserve(now: Int64, maximumWait: Int64) -> Int64? {
        sanitise(now: now)
        let slot = earliestSlot(now: now)
        guard slot - now <= min(maximumWait, windowMicroseconds) else { return nil }
        slots.append(slot)
        if slots.count > 2 * limit { slots.removeFirst(slots.count - 2 * limit) }
        return slot
    }

    /// The earliest slot free at `now` (sanitised first by the caller).
    /// - Parameter now: Microseconds since 1970.
    /// - Returns: The latest of `now`, the last slot held, and (when `limit` slots or more are
    ///   held) the end of the window of the slot `limit` back.
    public func earliestSlot(now: Int64) -> Int64 {
        let queued = max(now, slots.last ?? now)
        guard slots.count >= limit else { return queued }
        return max(queued, slots[slots.count - limit] &+ windowMicroseconds)
    }

    /// Gives back a slot that will not be used (its caller was cancelled before it came).
    /// - Parameters:
    ///   - slot: A slot `reserve` returned.
    ///   - now: Microseconds since 1970: a slot already past is not given back.
    /// - Returns: Whether it was held and is now free.
    @discardableResult
    public mutating func release(_ slot: Int64, now: Int64) -> Bool {
        guard slot > now, let index = slots.lastIndex(of: slot) else { return false }
        slots.remove(at: index)
        return true
    }

    /// A time as microseconds since 1970 (the start of 1970 for one that is not finite).
    /// - Parameter date: The time.
    public static func microseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard value.isFinite, abs(value) < 9e18 else { return 0 }
        return Int64(value)
    }

    /// Microseconds since 1970 as a time.
    /// - Parameter microseconds: A time from `microseconds(_:)`.
    public static func date(_ microseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    /// A span of time in whole microseconds (0 for a negative one; a quarter of `Int64.max` at
    /// most, so that sums of them never overflow).
    /// - Parameter duration: The span.
    public static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (value, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        return overflow || value > Int64.max / 4 ? Int64.max / 4 : value + attoseconds / 1_000_000_000_000
    }
}
