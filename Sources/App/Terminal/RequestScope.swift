import Foundation
import Synchronization

/// The request the interactive session is waiting for, so Ctrl-C can cancel just that request
/// instead of ending the session.
final class RequestScope: Sendable {
    /// Cancels the request running now, if any.
    private let cancelCurrent = Mutex<(@Sendable () -> Void)?>(nil)

    /// Runs `operation` as the current request.
    /// - Returns: `true` when it was cancelled by `cancel()` before it finished.
    @MainActor
    func run(_ operation: @escaping @MainActor () async -> Void) async -> Bool {
        let task = Task { @MainActor in await operation() }
        cancelCurrent.withLock { $0 = { task.cancel() } }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        cancelCurrent.withLock { $0 = nil }
        return task.isCancelled
    }

    /// Cancels the current request.
    /// - Returns: `false` when no request was running.
    func cancel() -> Bool {
        let cancel = cancelCurrent.withLock { $0.take() }
        cancel?()
        return cancel != nil
    }
}
