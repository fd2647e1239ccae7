import Foundation

/// Formats a length in seconds as `3:45` or `1:02:03`.
public enum DurationFormatter {
    /// - Parameter seconds: The length; `nil` or negative gives an empty string.
    /// - Returns: `m:ss` under an hour, `h:mm:ss` from an hour.
    public static func string(from seconds: TimeInterval?) -> String {
        guard let total = wholeSeconds(seconds), total >= 0 else { return "" }
        let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
            : "\(minutes):\(twoDigits(secs))"
    }

    /// Rounded to whole seconds; `nil` when absent or too large to be a length.
    /// - Parameter seconds: A length in seconds.
    /// - Returns: The whole seconds, or `nil`.
    public static func wholeSeconds(_ seconds: TimeInterval?) -> Int? {
        guard let seconds, seconds.isFinite, seconds.magnitude < 1e12 else { return nil }
        return Int(seconds.rounded())
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
