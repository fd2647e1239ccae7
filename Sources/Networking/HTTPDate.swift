import Foundation

/// Reads the preferred HTTP date format, IMF-fixdate (RFC 9110 §5.6.7):
/// `Sun, 06 Nov 1994 08:49:37 GMT`.
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// - Parameter text: The header value.
    /// - Returns: The instant, or `nil` when the text is not an IMF-fixdate of a real calendar
    ///   day: fields of their fixed widths and ranges (a year of four digits), nothing that
    ///   overflows or that the calendar would carry over (`31 Feb`, `25:00:00`).
    public static func date(from text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = number(parts[1], digits: 2, in: 1...31),
            let monthIndex = months.firstIndex(of: String(parts[2])),
            let year = number(parts[3], digits: 4, in: 1...9999)
        else { return nil }
        let time = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, let hour = number(time[0], digits: 2, in: 0...23),
            let minute = number(time[1], digits: 2, in: 0...59), let second = number(time[2], digits: 2, in: 0...60)
        else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = monthIndex + 1
        components.day = day
        components.hour = hour
        components.minute = minute
        components.second = second
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day || second == 60
        else { return nil }
        return date
    }

    /// A field of exactly `digits` ASCII digits whose value lies in `range`.
    private static func number(_ text: Substring, digits: Int, in range: ClosedRange<Int>) -> Int? {
        guard text.utf8.count == digits, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text),
            range.contains(value)
        else { return nil }
        return value
    }
}
