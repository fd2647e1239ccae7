import Foundation
import Synchronization

/// What a request in flight tells whoever shows the wait for it: why it is waiting again
/// (`RetryingDataTransferService` reports each retry) and when it ended. A channel from the
/// network stack up to the user interface that crosses no layer's types: the layer that shows
/// the wait sets an observer around the work of one request (`RequestProgress.$observer`), and
/// every request made inside that work, in its tasks and their child tasks, reports to it.
///
/// ```swift
/// let observer = RequestProgressObserver { event in … }
/// try await RequestProgress.$observer.withValue(observer) { try await repository.search(query) }
/// ```
public enum RequestProgress {
    /// The observer of the requests made by the current task; `nil` where nobody shows the wait.
    @TaskLocal public static var observer: RequestProgressObserver?

    private static let lastID = Atomic<Int>(0)

    /// A new identity for one request, distinct from every other in the process.
    static func nextID() -> Int {
        lastID.add(1, ordering: .relaxed).newValue
    }
}

/// Receives the events of the requests made under it. Events arrive on whatever thread made
/// the request, possibly from several requests at once.
public struct RequestProgressObserver: Sendable {
    private let receive: @Sendable (RequestProgressEvent) -> Void

    /// - Parameter receive: Called with each event.
    public init(_ receive: @escaping @Sendable (RequestProgressEvent) -> Void) {
        self.receive = receive
    }

    /// Hands on one event.
    /// - Parameter event: What happened.
    public func report(_ event: RequestProgressEvent) {
        receive(event)
    }
}

/// One thing that happened to a request in flight.
public enum RequestProgressEvent: Sendable, Equatable {
    /// A try failed and the request waits to try again.
    case retrying(RetryNotice)
    /// The request waits for a slot of the request budget before it is sent.
    case waitingForBudget(RateBudgetNotice)
    /// The request that retried ended (answered, failed or cancelled), or the wait for a budget
    /// slot ended; `request` is the identity its notices carried.
    case finished(request: Int)
}

/// A request waiting for the request budget: for how long, and what the budget allows.
public struct RateBudgetNotice: Sendable, Equatable {
    /// The waiting request's identity, as in the `finished` that ends the wait.
    public let request: Int
    /// How long it waits.
    public let wait: Duration
    /// The budget's rate.
    public let rate: RequestRate

    /// - Parameters:
    ///   - request: The waiting request's identity.
    ///   - wait: How long it waits.
    ///   - rate: The budget's rate.
    public init(request: Int, wait: Duration, rate: RequestRate) {
        self.request = request
        self.wait = wait
        self.rate = rate
    }
}

/// A retry about to happen: which one, why, and after how long a wait.
public struct RetryNotice: Sendable, Equatable {
    /// Why the last try failed.
    public enum Reason: Sendable, Equatable {
        /// An HTTP status that is retried (a 5xx); `rateLimited` for a "too many requests" status.
        case httpStatus(Int, rateLimited: Bool)
        /// The connection broke before a whole answer came.
        case connectionLost
        /// The answer was not a well-formed HTTP response.
        case invalidResponse
        /// An HTML page came where data was expected (a proxy's or load balancer's error page).
        case htmlPage
    }

    /// The request's identity: the same in every notice of one request and in its `finished`.
    public let request: Int
    /// The number of the try about to be made: 2 for the first retry.
    public let attempt: Int
    /// How many tries the policy allows at most, the first included.
    public let maximumAttempts: Int
    public let reason: Reason
    /// How long the request waits before the try.
    public let delay: Duration
    /// The wait the server asked for with `Retry-After`, when it did and it is honoured.
    public let retryAfter: Duration?

    public init(
        request: Int, attempt: Int, maximumAttempts: Int, reason: Reason, delay: Duration, retryAfter: Duration?
    ) {
        self.request = request
        self.attempt = attempt
        self.maximumAttempts = maximumAttempts
        self.reason = reason
        self.delay = delay
        self.retryAfter = retryAfter
    }
}
