import Dispatch

/// Runs an async handler from a connection's thread and waits for its answer. The connection
/// thread is not one of the cooperative pool's, so blocking it is fine.
enum HandlerCall {
    /// The handler's response, or `nil` when it took longer than `timeout` (its task is then
    /// cancelled).
    static func run(_ handler: any HTTPRequestHandler, _ request: HTTPServerRequest, timeout: Duration)
        -> HTTPServerResponse?
    {
        let pending = Pending()
        let task = Task {
            pending.response = await handler.respond(to: request)
            pending.done.signal()
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let interval: DispatchTimeInterval =
            nanoseconds.overflow
            ? .never : .nanoseconds(Int(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000))
        guard pending.done.wait(timeout: .now() + interval) == .success else {
            task.cancel()
            return nil
        }
        return pending.response
    }

    /// Where the task leaves the response. `@unchecked Sendable`: `response` is written before
    /// `done` is signalled and read only after `done` is waited on, which orders the two.
    private final class Pending: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var response: HTTPServerResponse?
    }
}
