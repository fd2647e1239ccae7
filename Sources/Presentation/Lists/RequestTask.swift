import Domain
import Foundation

/// The one request a view model has in flight. Starting one cancels the previous; cancelling
/// the task that awaits `run` cancels the request too; a cancelled request yields nothing, so a
/// view model never publishes a result or an error the user asked to abandon.
@MainActor
final class RequestTask<Value: Sendable> {
    private var task: Task<Result<Value, CatalogError>, Never>?

    /// - Parameter operation: The request.
    /// - Returns: Its result, or `nil` when it was cancelled.
    func run(_ operation: @escaping @Sendable () async throws(CatalogError) -> Value) async -> Result<
        Value, CatalogError
    >? {
        cancel()
        let task = Task { () -> Result<Value, CatalogError> in
            do throws(CatalogError) {
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
