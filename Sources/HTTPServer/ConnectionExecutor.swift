import Dispatch
import Synchronization

/// Runs a request's handler task on the connection's own thread, which waits for the answer
/// anyway: a handler that does not suspend (a cached answer) costs no hop to the cooperative
/// pool and back, two thread wake-ups fewer per request. Work the handler awaits elsewhere (an
/// actor) comes back here. Once the connection stops waiting (the handler took too long),
/// what is left goes to the global concurrent executor, so a task is never stranded.
final class ConnectionExecutor: TaskExecutor, Sendable {
    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    private struct State {
        var jobs: [UnownedJob] = []
        var response: HTTPServerResponse?
        /// The connection thread is (about to be) blocked on `wakeUp`: the next event signals it.
        var isWaiting = false
        var isAbandoned = false
    }

    private enum Step {
        case run(UnownedJob)
        case finished(HTTPServerResponse)
        case wait
    }

    init() {
        state.withLock { $0.jobs.reserveCapacity(4) }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let (forward, wake) = state.withLock { state -> (Bool, Bool) in
            if state.isAbandoned { return (true, false) }
            state.jobs.append(job)
            defer { state.isWaiting = false }
            return (false, state.isWaiting)
        }
        if forward { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        if wake { wakeUp.signal() }
    }

    /// Hands over the handler's response; called by the task, last.
    func finish(with response: HTTPServerResponse) {
        let wake = state.withLock { state -> Bool in
            state.response = response
            defer { state.isWaiting = false }
            return state.isWaiting
        }
        if wake { wakeUp.signal() }
    }

    /// Runs jobs on this thread until the task finishes or `deadline` passes.
    /// - Returns: The response; `nil` on timeout, which abandons this executor for good.
    func run(until deadline: DispatchTime) -> HTTPServerResponse? {
        let executor = asUnownedTaskExecutor()
        while true {
            let step = state.withLock { state -> Step in
                if !state.jobs.isEmpty { return .run(state.jobs.removeFirst()) }
                if let response = state.response {
                    state.response = nil
                    return .finished(response)
                }
                state.isWaiting = true
                return .wait
            }
            switch step {
            case .run(let job): job.runSynchronously(on: executor)
            case .finished(let response): return response
            case .wait:
                if wakeUp.wait(timeout: deadline) == .success { continue }
                abandon()
                return nil
            }
        }
    }

    /// Hands what is queued, and what comes later, to the global concurrent executor.
    private func abandon() {
        let left = state.withLock { state -> [UnownedJob] in
            state.isAbandoned = true
            state.isWaiting = false
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in left { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
