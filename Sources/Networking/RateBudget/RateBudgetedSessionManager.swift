import Foundation

/// Takes a slot of the request budget before each request, then hands the request to the engine:
/// a decorator over any `NetworkSessionManager`. Every try of a request comes through here, so a
/// retry costs a slot too; answers from the response cache never do (the cache sits above).
///
/// While a request waits, the task's `RequestProgress.observer` is told (`waitingForBudget`,
/// then `finished` when the wait is over) and so is the logger, so the wait says why it lasts:
/// `waiting 2 s for the request budget (20 a minute)`. A wait is never longer than the request
/// may last less the time the exchange itself needs (`maximumWait(timeout:)`): a longer one
/// fails at once with `NetworkError.rateBudgetExhausted`, the wait needed as its retry-after,
/// and the engine is not called.
public struct RateBudgetedSessionManager: NetworkSessionManager {
    /// Sleeps for a duration, throwing when the task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    private let engine: any NetworkSessionManager
    private let budget: any RateBudget
    private let logger: any NetworkLogger
    private let sleep: Sleep

    /// - Parameters:
    ///   - engine: Sends the requests.
    ///   - budget: Where each request takes its slot.
    ///   - logger: Told of every wait (`log(budgetWait:)`).
    ///   - sleep: Waits for a slot (tests pass one that returns at once).
    public init(
        wrapping engine: any NetworkSessionManager,
        budget: any RateBudget,
        logger: any NetworkLogger = SilentNetworkLogger(),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.engine = engine
        self.budget = budget
        self.logger = logger
        self.sleep = sleep
    }

    /// The longest a request of this timeout waits for a slot: the timeout less what the
    /// exchange needs, half the timeout but no more than 10 s.
    /// - Parameter timeout: The request's timeout, in seconds.
    public static func maximumWait(timeout: TimeInterval) -> Duration {
        guard timeout.isFinite, timeout > 0 else { return .zero }
        let total = Duration.milliseconds(Int64(min(timeout, 86_400) * 1000))
        return total - min(total / 2, .seconds(10))
    }

    /// Waits for a slot (at most `maximumWait(timeout:)`), then sends the request.
    /// - Parameter request: The request to send.
    /// - Returns: The engine's answer.
    /// - Throws: `NetworkError.rateBudgetExhausted` when the slot is too far off,
    ///   `CancellationError` when the task is cancelled, and whatever the engine throws.
    public func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let id = RequestProgress.nextID()
        let observer = RequestProgress.observer
        let (budget, logger) = (budget, logger)
        var waited = false
        do {
            try await budget.acquire(maximumWait: Self.maximumWait(timeout: request.timeout), sleep: sleep) { wait in
                waited = true
                let notice = RateBudgetNotice(request: id, wait: wait, rate: budget.rate)
                observer?.report(.waitingForBudget(notice))
                logger.log(budgetWait: notice)
            }
        } catch let refusal as RateBudgetRefusal {
            throw NetworkError.rateBudgetExhausted(retryAfter: refusal.wait)
        } catch {
            if waited { observer?.report(.finished(request: id)) }
            throw error
        }
        if waited { observer?.report(.finished(request: id)) }
        return try await engine.data(for: request)
    }
}
