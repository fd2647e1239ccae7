import Domain
import Foundation

/// The one request a view model has in flight. Starting one cancels the previous; cancelling
/// the task that awaits `run` cancels the request too; a cancelled request yields nothing, so a
/// view model never publishes a result or an error the user asked to abandon.
@MainActor
final class RequestTask<Value: Sendable> {
    private var task: Task<Result<Value, MusicVideoError>, Never>?

    /// - Parameter operation: The request.
    /// - Returns: Its result, or `nil` when it was cancelled.
    func run(_ operation: @escaping @Sendable () async throws(MusicVideoError) -> Value) async -> Result<
        Value, MusicVideoError
    >? {
        cancel()
        let task = Task { () -> Result<Value, MusicVideoError> in
            do throws(MusicVideoError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        self.task = task
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if self.task == task { self.task = nil }
        if task.isCancelled { return nil }
        if case .failure(.cancelled) = result { return nil }
        return result
    }

    /// Cancels the request in flight, if any.
    func cancel() {
        task?.cancel()
        task = nil
    }
}
