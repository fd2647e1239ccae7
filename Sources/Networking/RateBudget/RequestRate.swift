import Foundation
import Platform

/// A number of requests in a number of seconds: `20/60` is twenty a minute.
public struct RequestRate: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The requests allowed per window.
    public static let countRange = 1...10_000
    /// The window's length, in whole seconds: a second to a day.
    public static let secondsRange = 1...86_400

    /// The requests allowed in each window.
    public let count: Int
    /// The window, in seconds.
    public let seconds: Int

    /// - Parameters:
    ///   - count: Requests per window, in `countRange`.
    ///   - seconds: The window in seconds, in `secondsRange`.
    /// - Returns: `nil` when either is out of its range.
    public init?(count: Int, seconds: Int) {
        guard Self.countRange.contains(count), Self.secondsRange.contains(seconds) else { return nil }
        self.count = count
        self.seconds = seconds
    }

    /// Reads `N/S`, spaces around either number allowed: `20/60`, ` 3/10 `.
    /// - Parameter text: The rate as written.
    /// - Returns: `nil` when it is not a rate, or is out of range (`RateBudgetSetting.parse` says why).
    public init?(parsing text: String) {
        guard case .limit(let rate)? = try? RateBudgetSetting.parse(text) else { return nil }
        self = rate
    }

    /// The window as a duration.
    public var window: Duration { .seconds(seconds) }

    /// `20/60`: as it is written in a setting.
    public var description: String { "\(count)/\(seconds)" }

    /// The rate in words for a message: `20 a minute`, `100 an hour`, `3 in 10 s`, `50 in 5 min`.
    public var wording: String {
        switch seconds {
        case 1: "\(count) a second"
        case 60: "\(count) a minute"
        case 3600: "\(count) an hour"
        case 86_400: "\(count) a day"
        case let seconds where seconds % 3600 == 0: "\(count) in \(seconds / 3600) h"
        case let seconds where seconds % 60 == 0: "\(count) in \(seconds / 60) min"
        default: "\(count) in \(seconds) s"
        }
    }
}
