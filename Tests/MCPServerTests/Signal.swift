import Dispatch
import Synchronization

/// A flag a tool waits on (asynchronously) and a test raises, or the reverse.
final class Signal: Sendable {
    private let state = Mutex<(raised: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    private let semaphore = DispatchSemaphore(value: 0)

    func raise() {
        let waiters = state.withLock { state in
            state.raised = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        semaphore.signal()
    }

    /// Waits (in a task) until raised.
    func wait() async {
        await withCheckedContinuation { continuation in
            let raised = state.withLock { state in
                if !state.raised { state.waiters.append(continuation) }
                return state.raised
            }
            if raised { continuation.resume() }
        }
    }

    /// Blocks the test until raised, at most `timeout` seconds.
    func waitBlocking(timeout: Double = 10) -> Bool {
        semaphore.wait(timeout: .now() + timeout) == .success
    }
}
