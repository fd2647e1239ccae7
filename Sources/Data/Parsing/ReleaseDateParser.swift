import Foundation

/// Reads the release dates the service has sent over the years, without locale or ICU:
/// `2019-02-01T08:00:00Z` (ISO 8601, UTC), `2023-01-12T00:00:00-07:00` (the RSS charts, with an
/// offset), `2009-07-14 07:00:00 Etc/GMT` (2011), and any other text that starts with a
/// `YYYY-MM-DD` date not followed by a time (read as midnight UTC).
///
/// A time is `hh:mm` or `hh:mm:ss`, with a fraction of a second or not (`08:00:00.250`), after `T`
/// or a space; `24:00:00` is the midnight that ends the day, so the next day's 00:00. Its zone is
/// `Z`, an offset (`+hh:mm`, `+hhmm`, `+hh`, `-…`), or absent or any other text (UTC, as the
/// 2011 answers' `Etc/GMT`). A time or offset that is there but not valid (`25:00`, `+24:00`)
/// makes the whole date unreadable rather than wrong.
enum ReleaseDateParser {
    /// The longest text read: a date, a time with a long fraction and an offset fit well within.
    private static let maximumLength = 64

    /// - Parameter text: The `releaseDate` value.
    /// - Returns: The instant, or `nil` when the text does not start with a valid date, or has
    ///   a time or an offset that is not valid.
    static func date(from text: String) -> Date? {
        var scanner = Scanner(bytes: Array(text.utf8.prefix(maximumLength)))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        guard scanner.startsTime() else { return Date(timeIntervalSince1970: TimeInterval(days * 86_400)) }
        guard let seconds = time(&scanner), let offset = zoneOffset(&scanner) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400) + seconds - TimeInterval(offset))
    }

    /// Seconds since the day's midnight: `hh:mm[:ss[.fff…]]`, the scanner at `hh`.
    private static func time(_ scanner: inout Scanner) -> TimeInterval? {
        guard let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2), minute < 60 else {
            return nil
        }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let value = scanner.digits(2), value < 61 else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let value = scanner.fraction() else { return nil }
                fraction = value
            }
        }
        if hour == 24 {
            // The end of the day, and only exactly: 24:00:30 is no time.
            guard minute == 0, second == 0, fraction == 0 else { return nil }
        } else if hour > 24 {
            return nil
        }
        return TimeInterval(hour * 3600 + minute * 60 + second) + fraction
    }

    /// The zone's offset east of UTC in seconds: 0 for `Z` or no offset, `nil` for one that is
    /// not valid.
    private static func zoneOffset(_ scanner: inout Scanner) -> Int? {
        let sign: Int
        if scanner.skip("+") {
            sign = 1
        } else if scanner.skip("-") {
            sign = -1
        } else {
            return 0  // `Z`, ` Etc/GMT`, nothing: UTC
        }
        guard let hours = scanner.digits(2), hours < 24 else { return nil }
        var minutes = 0
        if scanner.skip(":") {
            guard let value = scanner.digits(2) else { return nil }
            minutes = value
        } else if let value = scanner.digits(2) {
            minutes = value
        }
        guard minutes < 60, scanner.isAtEndOfNumber else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// A cursor over the text's bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        /// Reads exactly `count` ASCII digits.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The digits of a fraction, as a value below 1 (at least one digit).
        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 1.0
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                scale /= 10
                value += Double(bytes[index] - UInt8(ascii: "0")) * scale
                index += 1
            }
            return index > start ? value : nil
        }

        /// Steps over `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Whether a time follows: `T` or a space, then a digit. Steps over the separator if so.
        mutating func startsTime() -> Bool {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " "),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
            else { return false }
            index += 1
            return true
        }

        /// Whether no further digit follows (an offset of five digits is not one of four).
        var isAtEndOfNumber: Bool {
            index == bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
