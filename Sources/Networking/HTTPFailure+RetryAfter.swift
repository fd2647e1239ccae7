import Foundation
import Platform

extension HTTPFailure {
    /// The `Retry-After` header as a delay: delta-seconds, or an HTTP date relative to `now`.
    /// - Parameter now: The current time, for HTTP-date values.
    /// - Returns: Seconds to wait (never negative), or `nil` when absent or unreadable.
    public func retryAfter(now: Date = Date()) -> TimeInterval? {
        guard let value = header("Retry-After")?.trimmingWhitespace(), !value.isEmpty else {
            return nil
        }
        if let seconds = Int(value) { return seconds >= 0 ? TimeInterval(seconds) : nil }
        guard let date = HTTPDate.date(from: value) else { return nil }
        let delay = date.timeIntervalSince(now)
        return delay.isFinite ? max(0, delay) : nil
    }
}
