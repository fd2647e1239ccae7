import Foundation
import Presentation

/// The requests the session's screens started (a load, the next page), each in its own task, so
/// that keys go on meanwhile and Ctrl-C can cancel them.
@MainActor
final class SessionTasks {
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextID = 0

    /// Runs `work`, saying its retries through `progress` while it waits.
    func perform(
        _ work: @escaping @MainActor () async -> Void, progress: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let id = nextID
        nextID += 1
        tasks[id] = Task { [weak self] in
            await withRequestProgress(progress) { await work() }
            self?.tasks[id] = nil
        }
    }

    /// Cancels every request under way (a load asked for may not have started its request yet).
    func cancelAll() {
        for task in tasks.values { task.cancel() }
    }

    /// Waits until every request has finished (tests script keys with it).
    func waitUntilIdle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }
}
