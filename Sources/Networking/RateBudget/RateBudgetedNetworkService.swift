import Foundation

/// Takes a slot of the request budget before each request, then hands the request on: a
/// decorator over any `NetworkService`. Every try of a request comes through here, so a retry
/// costs a slot too; answers from the response cache never do (the cache sits above), and
/// artwork has a chain of its own without it.
///
/// It sits above the network service, so the wait is not part of the exchange's own timeout:
/// a request waits up to `maximumWait` (the settings' timeout) for its slot, then has its
/// whole timeout for the exchange. While it waits, the task's `RequestProgress.observer` is told
/// (`waitingForBudget`, then `finished` when the wait is over) and so is the logger, so the
/// wait says why it lasts: `waiting 2 s for the request budget (20 a minute)`. A slot further
/// off than `maximumWait` fails at once with `NetworkError.rateBudgetExhausted`, the wait
/// needed as its retry-after, and nothing is sent.
public struct RateBudgetedNetworkService: NetworkService {
    /// Sleeps for a duration, throwing when the task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    private let wrapped: any NetworkService
    private let budget: any RateBudget
    private let maximumWait: Duration
    private let logger: any NetworkLogger
    private let sleep: Sleep

    /// - Parameters:
    ///   - wrapped: Sends the requests.
    ///   - budget: Where each request takes its slot.
    ///   - maximumWait: The longest a request waits for its slot.
    ///   - logger: Told of every wait (`log(budgetWait:)`).
    ///   - sleep: Waits for a slot (tests pass one that returns at once).
    public init(
        wrapping wrapped: any NetworkService,
        budget: any RateBudget,
        maximumWait: Duration,
        logger: any NetworkLogger = SilentNetworkLogger(),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.wrapped = wrapped
        self.budget = budget
        self.maximumWait = maximumWait
        self.logger = logger
        self.sleep = sleep
    }

    /// Waits for a slot (at most `maximumWait`), then sends the request.
    /// - Parameter endpoint: What to request.
    /// - Returns: The wrapped service's answer.
    /// - Throws: `NetworkError.rateBudgetExhausted` when the slot is too far off, `.cancelled`
    ///   when the task is cancelled while it waits, and whatever the wrapped service throws.
    public func request(_ endpoint: any Requestable) async throws(NetworkError) -> NetworkResponse {
        let id = RequestProgress.nextID()
        let observer = RequestProgress.observer
        let (budget, logger) = (budget, logger)
        var waited = false
        do {
            try await budget.acquire(maximumWait: maximumWait, sleep: sleep) { wait in
                waited = true
                let notice = RateBudgetNotice(request: id, wait: wait, rate: budget.rate)
                observer?.report(.waitingForBudget(notice))
                logger.log(budgetWait: notice)
            }
        } catch let refusal as RateBudgetRefusal {
            throw .rateBudgetExhausted(retryAfter: refusal.wait, rate: budget.rate)
        } catch {
            if waited { observer?.report(.finished(request: id)) }
            throw .cancelled
        }
        if waited { observer?.report(.finished(request: id)) }
        return try await wrapped.request(endpoint)
    }
}
