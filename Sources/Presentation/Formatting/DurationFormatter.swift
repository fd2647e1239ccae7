import Foundation

/// Formats a length in seconds as `3:45` or `1:02:03`.
public enum DurationFormatter {
    /// - Parameter seconds: The length; `nil` or negative gives an empty string.
    /// - Returns: `m:ss` under an hour, `h:mm:ss` from an hour.
    public static func string(from seconds: TimeInterval?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "" }
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
            : "\(minutes):\(twoDigits(secs))"
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
