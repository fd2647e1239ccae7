import Foundation

/// Tries idempotent requests again when the failure is likely to pass: server errors, broken
/// connections, an HTML error page in place of data, and (once, if the server says when)
/// rate limiting. A decorator: it wraps any `BodyKeepingDataTransferService` and changes
/// nothing else (the body of the try that succeeded is handed on). Each retry is reported to the
/// task's `RequestProgress.observer`, if any, so whoever shows the wait can say why it lasts.
public struct RetryingDataTransferService: BodyKeepingDataTransferService {
    /// Waits between tries; tests pass one that returns at once.
    public typealias Sleep = @Sendable (Duration) async throws -> Void
    /// Monotonic time, from any fixed origin.
    public typealias Now = @Sendable () -> Duration

    private let wrapped: any BodyKeepingDataTransferService
    private let policy: RetryPolicy
    private let now: Now
    private let sleep: Sleep
    private let jitter: @Sendable () -> Double

    /// - Parameters:
    ///   - wrapped: The service that makes each try.
    ///   - policy: When to retry and how long to wait.
    ///   - now: Measures the deadline; the continuous clock unless a test passes its own.
    ///   - sleep: Waits between tries (tests record instead of waiting).
    ///   - jitter: A factor in 0.5…1 that spreads out clients retrying together.
    public init(
        wrapping wrapped: any BodyKeepingDataTransferService,
        policy: RetryPolicy,
        now: Now? = nil,
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1) }
    ) {
        self.wrapped = wrapped
        self.policy = policy
        let origin = ContinuousClock.now
        self.now = now ?? { origin.duration(to: .now) }
        self.sleep = sleep
        self.jitter = jitter
    }

    /// Within `policy.deadline`, if there is one, measured on the clock whatever `now` says:
    /// when it passes, the try in flight is cancelled and the call fails with `timedOut`.
    public func decodedResponse<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError)
        -> DecodedResponse<E.Response>
    {
        let progress = RequestProgress.observer.map { Progress(observer: $0, request: RequestProgress.nextID()) }
        defer { progress?.finish() }
        guard let deadline = policy.deadline else { return try await tries(endpoint, progress: progress) }
        return try await TimeLimit.run(
            deadline, expired: .networkFailure(.timedOut), cancelled: .networkFailure(.cancelled)
        ) { () async throws(DataTransferError) -> DecodedResponse<E.Response> in
            try await tries(endpoint, progress: progress)
        }
    }

    private func tries<E: ResponseRequestable>(_ endpoint: E, progress: Progress?) async throws(DataTransferError)
        -> DecodedResponse<E.Response>
    {
        let start = now()
        var retry = 0
        var rateLimitRetries = 0
        while true {
            do {
                return try await wrapped.decodedResponse(endpoint)
            } catch {
                guard endpoint.method.isIdempotent, !Task.isCancelled,
                    let delay = policy.delay(
                        after: error, retry: retry, rateLimitRetries: rateLimitRetries, jitter: jitter()),
                    policy.deadline.map({ now() - start + delay < $0 }) ?? true
                else { throw error }
                if case .networkFailure(.httpStatus(let failure)) = error,
                    policy.rateLimitStatusCodes.contains(failure.statusCode)
                {
                    rateLimitRetries += 1
                }
                progress?.retrying(after: error, attempt: retry + 2, delay: delay, policy: policy)
                do {
                    try await sleep(delay)
                } catch {
                    throw .networkFailure(.cancelled)
                }
                retry += 1
            }
        }
    }
}

/// The observer of one request, and the request's identity in what it is told.
private struct Progress: Sendable {
    let observer: RequestProgressObserver
    let request: Int

    /// Tells the observer that try `attempt` follows `error` after `delay`.
    func retrying(after error: DataTransferError, attempt: Int, delay: Duration, policy: RetryPolicy) {
        let reason: RetryNotice.Reason
        var retryAfter: Duration?
        switch error {
        case .networkFailure(.httpStatus(let failure)):
            reason = .httpStatus(
                failure.statusCode, rateLimited: policy.rateLimitStatusCodes.contains(failure.statusCode))
            // The policy waits exactly what the server asked for when it asked.
            if failure.retryAfter() != nil { retryAfter = delay }
        case .networkFailure(.connectionLost): reason = .connectionLost
        case .networkFailure(.invalidResponse): reason = .invalidResponse
        case .parsing(.htmlPage): reason = .htmlPage
        default: return  // the policy retries nothing else
        }
        observer.report(
            .retrying(
                RetryNotice(
                    request: request, attempt: attempt, maximumAttempts: policy.maximumRetries + 1, reason: reason,
                    delay: delay, retryAfter: retryAfter)))
    }

    func finish() {
        observer.report(.finished(request: request))
    }
}
