import Foundation
import Networking

/// A retry or a wait for the request budget in the words of the wait that shows it, short enough
/// for a status line: `HTTP 503 · retrying 2 of 3`, `rate-limited · retrying after 3 s`,
/// `waiting 2 s for the request budget (20 a minute)`.
enum WaitDetail {
    /// - Parameter notice: The retry about to happen.
    /// - Returns: Why the request waits again and for what; nothing from the server but its status.
    static func text(for notice: RetryNotice) -> String {
        // Seconds only for a wait the server asked for (Retry-After): a backoff is under one.
        let asked = notice.retryAfter.map { " after \(seconds($0)) s" } ?? ""
        switch notice.reason {
        case .httpStatus(_, rateLimited: true):
            // Retried once at most: counting tries would promise more.
            return "rate-limited · retrying\(asked)"
        case .httpStatus(let status, rateLimited: false):
            return "HTTP \(status) · retrying \(count(notice))\(asked)"
        case .connectionLost:
            return "connection lost · retrying \(count(notice))"
        case .invalidResponse:
            return "unreadable answer · retrying \(count(notice))"
        case .htmlPage:
            return "a web page instead of data · retrying \(count(notice))"
        }
    }

    /// - Parameter notice: The wait for a slot of the request budget.
    /// - Returns: How long, and the rate that makes it.
    static func text(for notice: RateBudgetNotice) -> String {
        "waiting \(seconds(notice.wait)) s for the request budget (\(notice.rate.wording))"
    }

    private static func count(_ notice: RetryNotice) -> String {
        "\(notice.attempt) of \(notice.maximumAttempts)"
    }

    /// Whole seconds, rounded up: a wait of 0.2 s is said as 1 s, never 0.
    static func seconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
