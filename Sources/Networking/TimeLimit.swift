import Foundation
import Synchronization

/// Runs an operation against a clock: whichever ends first, the operation or the time limit,
/// decides the result. The limit holds whatever the operation does — an engine that resets its
/// own timer on every byte, or ignores cancellation, cannot stretch it: on expiry the operation
/// is cancelled and left behind, never awaited.
public enum TimeLimit {
    /// - Parameters:
    ///   - limit: How long the operation may take; a limit that is not positive and finite
    ///     (or longer than a day) imposes none.
    ///   - expired: Thrown when the limit passes first.
    ///   - cancelled: Thrown when the calling task is cancelled first.
    ///   - operation: The work; it runs in a task of its own.
    /// - Returns: The operation's value.
    /// - Throws: The operation's error, `expired` or `cancelled`.
    public static func run<Value: Sendable, Failure: Error>(
        _ limit: Duration,
        expired: Failure,
        cancelled: Failure,
        _ operation: @escaping @Sendable () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        guard limit > .zero, limit <= .seconds(86_400) else {
            return try await operation()
        }
        let race = Race<Value, Failure>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.begin(continuation)
                let work = Task {
                    do throws(Failure) {
                        race.finish(.success(try await operation()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    // A cancelled sleep means the work finished (or the caller gave up) first.
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(expired))
                }
                race.hold(work, timer)
            }
        } onCancel: {
            race.finish(.failure(cancelled))
        }
        return try result.get()
    }
}

/// The shared state of one race: the first result resumes the caller, and cancels both tasks.
private final class Race<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, Failure>, Never>?
        /// The first outcome; it decides the race.
        var result: Result<Value, Failure>?
        var tasks: [Task<Void, Never>] = []
        var isResumed = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<Result<Value, Failure>, Never>) {
        let early = state.withLock { state -> Result<Value, Failure>? in
            state.continuation = continuation
            return state.result
        }
        if let early { resume(with: early) }
    }

    func hold(_ work: Task<Void, Never>, _ timer: Task<Void, Never>) {
        let finished = state.withLock { state -> Bool in
            state.tasks = [work, timer]
            return state.result != nil
        }
        if finished {
            work.cancel()
            timer.cancel()
        }
    }

    /// The first call wins; later ones (the loser of the race) are ignored.
    func finish(_ outcome: Result<Value, Failure>) {
        let toCancel = state.withLock { state -> [Task<Void, Never>]? in
            guard state.result == nil else { return nil }
            state.result = outcome
            return state.tasks
        }
        guard let toCancel else { return }
        for task in toCancel { task.cancel() }
        resume(with: outcome)
    }

    private func resume(with outcome: Result<Value, Failure>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<Value, Failure>, Never>? in
            guard !state.isResumed, let continuation = state.continuation else { return nil }
            state.isResumed = true
            return continuation
        }
        continuation?.resume(returning: outcome)
    }
}
