import Foundation

/// Receives one event per finished request. Implementations decide where it goes.
public protocol NetworkLogger: Sendable {
    /// - Parameter event: What was sent and how it ended.
    func log(_ event: NetworkEvent)

    /// Told when a request waits for the request budget before it is sent.
    /// - Parameter notice: How long it waits, and the budget's rate.
    func log(budgetWait notice: RateBudgetNotice)
}

extension NetworkLogger {
    /// Says nothing of a budget wait: a logger that shows them implements this.
    public func log(budgetWait notice: RateBudgetNotice) {}
}

/// One request, as a log line would describe it.
public struct NetworkEvent: Sendable, Equatable {
    /// How one request ended: a response (status, bytes), a failure, or an answer from the cache.
    public enum Outcome: Sendable, Equatable {
        /// An HTTP response arrived with this status and body size.
        case response(statusCode: Int, bytes: Int)
        /// No HTTP response: the transport failed.
        case failure(NetworkError)
        /// Nothing was sent: the response cache answered with an entry stored `age` seconds ago.
        case cached(age: TimeInterval)
    }

    public let method: HTTPMethod
    public let url: URL?
    public let outcome: Outcome
    public let duration: Duration

    public init(method: HTTPMethod, url: URL?, outcome: Outcome, duration: Duration) {
        self.method = method
        self.url = url
        self.outcome = outcome
        self.duration = duration
    }
}

/// Discards every event.
public struct SilentNetworkLogger: NetworkLogger {
    public init() {}
    public func log(_ event: NetworkEvent) {}
}
