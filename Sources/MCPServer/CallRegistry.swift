import JSON
import Synchronization

/// The tool calls in flight, by request id: what lets a cancellation find its task, keeps a call
/// from being answered twice, and tells `run()` when every call has ended.
final class CallRegistry: Sendable {
    private struct State {
        var tasks: [JSONRPCID: Task<Void, Never>?] = [:]
        var emptyWaiters: [OneShot<Bool>] = []

        mutating func takeWaitersIfEmpty() -> [OneShot<Bool>] {
            guard tasks.isEmpty else { return [] }
            defer { emptyWaiters = [] }
            return emptyWaiters
        }
    }

    private let state = Mutex(State())

    init() {}

    /// The number of calls in flight.
    var count: Int { state.withLock { $0.tasks.count } }

    /// Why a call could not be given room.
    enum Refusal: Error {
        case duplicateID
        case full
    }

    /// Makes room for a call.
    /// - Parameters:
    ///   - id: The call's request id.
    ///   - limit: The most calls in flight at once.
    /// - Throws: `Refusal` when a call with this id is already in flight, or `limit` are.
    func reserve(_ id: JSONRPCID, limit: Int) throws(Refusal) {
        try state.withLock { state throws(Refusal) in
            guard state.tasks[id] == nil else { throw .duplicateID }
            guard state.tasks.count < limit else { throw .full }
            state.tasks[id] = .some(nil)
        }
    }

    /// Records the call's task; cancels it when the call was cancelled before it got here.
    func attach(_ task: Task<Void, Never>, to id: JSONRPCID) {
        let stillThere = state.withLock { state -> Bool in
            guard state.tasks[id] != nil else { return false }
            state.tasks[id] = task
            return true
        }
        if !stillThere { task.cancel() }
    }

    /// Runs `body` under the lock when the call is still in flight (so that nothing for it is
    /// written after its answer or its cancellation).
    func whileActive(_ id: JSONRPCID, _ body: () -> Void) {
        state.withLock { state in
            if state.tasks[id] != nil { body() }
        }
    }

    /// Ends a call: runs `answer` under the lock when it was still in flight, then forgets it.
    /// - Returns: `false` when the call had been cancelled (and `answer` did not run).
    @discardableResult
    func finish(_ id: JSONRPCID, answer: () -> Void) -> Bool {
        let (found, waiters) = state.withLock { state -> (Bool, [OneShot<Bool>]) in
            guard state.tasks[id] != nil else { return (false, []) }
            answer()
            state.tasks[id] = nil
            return (true, state.takeWaitersIfEmpty())
        }
        for waiter in waiters { waiter.resume(true) }
        return found
    }

    /// Cancels one call and forgets it, so that it is never answered.
    /// - Returns: Whether the call was in flight.
    @discardableResult
    func cancel(_ id: JSONRPCID) -> Bool {
        let (found, task, waiters) = state.withLock { state -> (Bool, Task<Void, Never>?, [OneShot<Bool>]) in
            guard let entry = state.tasks.removeValue(forKey: id) else { return (false, nil, []) }
            return (true, entry, state.takeWaitersIfEmpty())
        }
        task?.cancel()
        for waiter in waiters { waiter.resume(true) }
        return found
    }

    /// Cancels every call and forgets them.
    func cancelAll() {
        let (tasks, waiters) = state.withLock { state -> ([Task<Void, Never>], [OneShot<Bool>]) in
            let tasks = state.tasks.values.compactMap { $0 }
            state.tasks = [:]
            return (tasks, state.takeWaitersIfEmpty())
        }
        for task in tasks { task.cancel() }
        for waiter in waiters { waiter.resume(true) }
    }

    /// Waits until no call is in flight, or `timeout` has passed.
    /// - Returns: `true` when the calls ended, `false` on the timeout.
    func waitUntilEmpty(timeout: Duration) async -> Bool {
        let done = OneShot<Bool>()
        let alreadyEmpty = state.withLock { state -> Bool in
            if state.tasks.isEmpty { return true }
            state.emptyWaiters.append(done)
            return false
        }
        if alreadyEmpty { return true }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            done.resume(false)
        }
        let ended = await done.wait()
        timer.cancel()
        return ended
    }
}
