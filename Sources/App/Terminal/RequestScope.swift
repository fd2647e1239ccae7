import Foundation
import Synchronization

/// The request the interactive session is waiting for, so Ctrl-C can cancel just that request
/// instead of ending the session.
final class RequestScope: @unchecked Sendable {
    private let lock = Mutex(())
    private var cancelCurrent: (() -> Void)?

    /// Runs `operation` as the current request.
    /// - Returns: `true` when it was cancelled by `cancel()` before it finished.
    @MainActor
    func run(_ operation: @escaping @MainActor () async -> Void) async -> Bool {
        let task = Task { @MainActor in await operation() }
        lock.withLock { _ in cancelCurrent = { task.cancel() } }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        lock.withLock { _ in cancelCurrent = nil }
        return task.isCancelled
    }

    /// Cancels the current request.
    /// - Returns: `false` when no request was running.
    func cancel() -> Bool {
        let cancel = lock.withLock { _ in
            defer { cancelCurrent = nil }
            return cancelCurrent
        }
        cancel?()
        return cancel != nil
    }
}
