import Dispatch

/// Runs an async handler from a connection's thread and waits for its answer. The connection
/// thread is not one of the cooperative pool's, so blocking it is fine; the handler's task runs
/// on that same thread while it waits (`ConnectionExecutor`).
enum HandlerCall {
    /// The handler's response, or `nil` when it took longer than `timeout` (its task is then
    /// cancelled, and `executor` may not be used again).
    static func run(
        _ handler: any HTTPRequestHandler, _ request: HTTPServerRequest, on executor: ConnectionExecutor,
        timeout: Duration
    ) -> HTTPServerResponse? {
        let task = Task(executorPreference: executor) {
            executor.finish(with: await handler.respond(to: request))
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let interval: DispatchTimeInterval =
            nanoseconds.overflow
            ? .never : .nanoseconds(Int(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000))
        guard let response = executor.run(until: .now() + interval) else {
            task.cancel()
            return nil
        }
        return response
    }
}
