import Foundation

/// When a failed request is tried again, and how long to wait first.
public struct RetryPolicy: Sendable, Equatable {
    /// Tries after the first; 0 turns retrying off.
    public var maximumRetries: Int
    /// The first backoff; each further one doubles, up to `maximumDelay`, then jitter takes up
    /// to half of it away.
    public var baseDelay: Duration
    public var maximumDelay: Duration
    /// A server's `Retry-After` is honoured up to this; a longer one ends the retries.
    public var maximumRetryAfter: Duration
    /// Statuses that mean "too many requests". They are retried once at most, and only when
    /// `Retry-After` asks for no more than `maximumRateLimitWait`.
    public var rateLimitStatusCodes: Set<Int>
    public var maximumRateLimitWait: Duration
    /// The whole call, every try and wait included, ends by then; `nil` for no limit.
    public var deadline: Duration?

    public init(
        maximumRetries: Int = 2,
        baseDelay: Duration = .milliseconds(400),
        maximumDelay: Duration = .seconds(8),
        maximumRetryAfter: Duration = .seconds(30),
        rateLimitStatusCodes: Set<Int> = [429],
        maximumRateLimitWait: Duration = .seconds(5),
        deadline: Duration? = nil
    ) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
        self.rateLimitStatusCodes = rateLimitStatusCodes
        self.maximumRateLimitWait = maximumRateLimitWait
        self.deadline = deadline
    }

    /// No retries at all.
    public static let never = RetryPolicy(maximumRetries: 0)

    /// How long to wait before retry number `retry` (0-based) after `error`, or `nil` to give up.
    /// - Parameters:
    ///   - error: Why the last try failed.
    ///   - retry: How many retries were made already.
    ///   - rateLimitRetries: How many of them followed a rate-limit answer.
    ///   - jitter: A factor in 0.5…1 applied to the backoff.
    /// - Returns: The wait, or `nil` when this failure is final.
    func delay(after error: DataTransferError, retry: Int, rateLimitRetries: Int, jitter: Double) -> Duration? {
        guard retry < maximumRetries else { return nil }
        let backoff = backoff(retry: retry, jitter: jitter)
        switch error {
        case .networkFailure(.httpStatus(let failure)) where rateLimitStatusCodes.contains(failure.statusCode):
            guard rateLimitRetries == 0, let wait = failure.retryAfter().map(Duration.seconds),
                wait <= maximumRateLimitWait
            else { return nil }
            return wait
        case .networkFailure(.httpStatus(let failure)) where (500...599).contains(failure.statusCode):
            guard let retryAfter = failure.retryAfter().map(Duration.seconds) else { return backoff }
            return retryAfter <= maximumRetryAfter ? retryAfter : nil
        case .networkFailure(.connectionLost), .networkFailure(.invalidResponse), .parsing(.htmlPage):
            return backoff
        default:
            return nil
        }
    }

    private func backoff(retry: Int, jitter: Double) -> Duration {
        let exponential = baseDelay * (1 << min(retry, 16))
        return min(exponential, maximumDelay) * min(1, max(0.5, jitter))
    }
}
