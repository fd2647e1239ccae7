import Foundation
import Synchronization

/// The request the interactive session is waiting for, so Ctrl-C can cancel just that request
/// instead of ending the session; and what that request is waiting for (a retry, and why).
final class RequestScope: Sendable {
    /// Cancels the request running now, if any.
    private let cancelCurrent = Mutex<(@Sendable () -> Void)?>(nil)
    /// Shows the current request's retries (`WaitDetail`); `nil` to show nothing.
    private let progress: (@MainActor @Sendable (String?) -> Void)?

    /// - Parameter progress: Told what the current request waits for, e.g. the spinner's
    ///   `show(detail:)`; background requests it starts are not heard once it has returned.
    init(progress: (@MainActor @Sendable (String?) -> Void)? = nil) {
        self.progress = progress
    }

    /// Runs `operation` as the current request.
    /// - Returns: `true` when it was cancelled by `cancel()` before it finished.
    @MainActor
    func run(_ operation: @escaping @MainActor () async -> Void) async -> Bool {
        let progress = progress
        let task = Task { @MainActor in
            guard let progress else { return await operation() }
            await withRequestProgress(progress) { await operation() }
        }
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
