#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `Date` header's value (IMF-fixdate, RFC 9110 §5.6.7), made again only when the second
/// changes. One per connection, so threads never share it.
struct HTTPDate {
    private var second = -1
    private(set) var bytes: [UInt8] = []

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for now.
    mutating func now() -> [UInt8] {
        var seconds = time(nil)
        guard Int(seconds) != second else { return bytes }
        second = Int(seconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        bytes = Array(Self.format(parts).utf8)
        return bytes
    }

    static func format(_ parts: tm) -> String {
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
