import Foundation
import Synchronization

/// Runs of operations in flight, by what they ask: a request that asks what a run in flight
/// already asks waits for that run instead of asking the service again, so 20 identical
/// requests at once cost one request to the service. A run is forgotten as soon as it ends:
/// the response cache answers what comes after.
final class InFlightOperations: Sendable {
    /// What a run asks: the same operation with the same arguments is the same run. (Compared
    /// as values: no text is built for it, and no two different arguments can look alike.)
    struct Key: Hashable, Sendable {
        let operation: String
        let arguments: [String: ParameterValue]
    }

    private let runs = Mutex<[Key: Task<OperationOutcome, Never>]>([:])

    /// The outcome of the run for `key`: the one in flight, or a new one made with `work`.
    /// Cancelling one waiting request does not cancel the run the others wait for.
    func run(key: Key, _ work: @escaping @Sendable () async -> OperationOutcome) async -> OperationOutcome {
        let task = runs.withLock { runs in
            if let running = runs[key] { return running }
            let task = Task { [weak self] in
                let outcome = await work()
                self?.forget(key)
                return outcome
            }
            runs[key] = task
            return task
        }
        return await task.value
    }

    /// How many runs are in flight.
    var count: Int { runs.withLock { $0.count } }

    private func forget(_ key: Key) {
        _ = runs.withLock { $0.removeValue(forKey: key) }
    }
}
