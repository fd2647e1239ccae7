import Foundation

/// Dates in UTC, computed arithmetically: no locale, no ICU, no calendar object per call.
public enum UTCDateFormatter {
    /// - Parameter date: The instant.
    /// - Returns: Its UTC year, e.g. `2019`.
    public static func year(of date: Date) -> Int {
        civil(fromDays: days(of: date)).year
    }

    /// - Parameter date: The instant.
    /// - Returns: ISO 8601 in UTC, whole seconds: `2019-02-01T08:00:00Z`.
    public static func iso8601(_ date: Date) -> String {
        let days = days(of: date)
        let seconds = date.timeIntervalSince1970
        let remainder = seconds.isFinite ? seconds.rounded(.down) - Double(days) * 86_400 : 0
        let secondsOfDay = Int(max(0, min(86_399, remainder)))
        let (year, month, day) = civil(fromDays: days)
        let pad = { (value: Int) in value < 10 ? "0\(value)" : String(value) }
        let yearText =
            year >= 0 && year < 1000
            ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return
            "\(yearText)-\(pad(month))-\(pad(day))T\(pad(secondsOfDay / 3600)):\(pad(secondsOfDay % 3600 / 60)):\(pad(secondsOfDay % 60))Z"
    }

    /// Whole days since 1970, for dates within about ±270,000 years (others are clamped).
    private static func days(of date: Date) -> Int {
        let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        return days.isFinite ? Int(max(-1e8, min(1e8, days))) : 0
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (H. Hinnant's algorithm).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
