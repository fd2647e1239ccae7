import Foundation
import Platform

/// The `rate` setting: no budget, or at most so many requests in so many seconds.
public enum RateBudgetSetting: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Requests are sent as soon as they are made.
    case off
    /// Requests wait for a slot of this rate.
    case limit(RequestRate)

    /// Why a setting's text is not a rate, in words for a message.
    public struct Problem: Error, Equatable, Sendable {
        /// E.g. `the number of requests must be between 1 and 10000, not 0`.
        public let reason: String

        /// - Parameter reason: What is wrong, in words.
        public init(_ reason: String) {
            self.reason = reason
        }
    }

    /// `off` or `20/60`, as the setting is written.
    public var description: String {
        switch self {
        case .off: "off"
        case .limit(let rate): rate.description
        }
    }

    /// Reads `off` or `N/S` (N requests in S seconds), spaces around the whole and either number
    /// allowed, `off` in any case.
    /// - Parameter text: The setting as written.
    /// - Returns: The setting.
    /// - Throws: `Problem` saying what is wrong with it.
    public static func parse(_ text: String) throws(Problem) -> RateBudgetSetting {
        let text = text.trimmingWhitespace()
        if text.lowercased() == "off" { return .off }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw Problem("a rate is N/S, N requests in S seconds (such as 20/60), or off — not \"\(excerpt(text))\"")
        }
        let count = try number(parts[0], what: "the number of requests", range: RequestRate.countRange)
        let seconds = try number(parts[1], what: "the seconds", range: RequestRate.secondsRange)
        guard let rate = RequestRate(count: count, seconds: seconds) else {
            throw Problem("a rate is N/S, N requests in S seconds (such as 20/60), or off — not \"\(excerpt(text))\"")
        }
        return .limit(rate)
    }

    /// The value as a message echoes it: its first 40 characters (a value of any length may come
    /// from a settings file).
    private static func excerpt(_ text: String) -> String {
        text.count > 40 ? text.prefix(39) + "…" : text
    }

    private static func number(_ text: Substring, what: String, range: ClosedRange<Int>) throws(Problem) -> Int {
        let text = String(text).trimmingWhitespace()
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw Problem(
                "\(what) in a rate must be a whole number from \(range.lowerBound) to \(range.upperBound), "
                    + "not \"\(excerpt(text))\"")
        }
        guard let value = Int(text), range.contains(value) else {
            throw Problem(
                "\(what) in a rate must be between \(range.lowerBound) and \(range.upperBound), not \(excerpt(text))")
        }
        return value
    }
}
