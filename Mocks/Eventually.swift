import Synchronization
import Testing

/// A signal the test doubles raise whenever what they hold changes (a call recorded, a value
/// published, a line written), so a test waiting for a condition wakes when it may have come
/// true instead of asking again and again. A change nothing signals is still seen: a waiter
/// looks again after `Changes.recheck` at the latest.
public enum Changes {
    /// How long a waiter sleeps without a signal before it looks again (state on the main actor
    /// that no double holds, such as a coordinator's flags, changes without one).
    public static let recheck: Duration = .milliseconds(20)

    private struct State {
        var generation: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
        /// Waiters whose time ran out before they were parked: they return at once.
        var expired: Set<UInt64> = []
    }

    private static let state = Mutex(State())

    /// The number of changes signalled so far: a waiter reads it before it looks at its
    /// condition, so a change between the look and the wait is not lost.
    public static var generation: UInt64 { state.withLock { $0.generation } }

    /// Says that something changed: every waiter wakes.
    public static func signal() {
        let woken = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once a change after `generation` is signalled, or after `limit`.
    static func wait(after generation: UInt64, atMost limit: Duration) async {
        let id = state.withLock { state in
            state.nextWaiter &+= 1
            return state.nextWaiter
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            resume(id)
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let changed = state.withLock { state in
                guard state.generation == generation, state.expired.remove(id) == nil else { return true }
                state.waiters[id] = continuation
                return false
            }
            if changed { continuation.resume() }
        }
        timer.cancel()
        state.withLock { _ = $0.expired.remove(id) }
    }

    private static func resume(_ id: UInt64) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.expired.insert(id)
                return nil as CheckedContinuation<Void, Never>?
            }
            return waiter
        }
        waiter?.resume()
    }
}

/// Waits until `condition` holds, looking again at each change the doubles signal (`Changes`),
/// for `timeout` at most; records a test failure naming the time waited (and `state`, when given)
/// if it never holds. Never spins: between looks the task is suspended.
/// - Parameters:
///   - timeout: Generous by default: the suite runs main-actor tests side by side, and a loaded
///     2-core machine slows them all.
///   - condition: Runs on the caller's actor (the main actor for a session's screen).
///   - state: What to say when it never holds (the screen, the requests).
/// - Returns: Whether the condition held in time.
@discardableResult
public func eventually(
    timeout: Duration = .seconds(60),
    _ condition: () throws -> Bool,
    state: () -> String = { "" },
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
) async rethrows -> Bool {
    let start = ContinuousClock.now
    while true {
        let generation = Changes.generation
        if try condition() { return true }
        let left = start + timeout - ContinuousClock.now
        guard left > .zero else { break }
        await Changes.wait(after: generation, atMost: min(left, Changes.recheck))
    }
    let said = state()
    Issue.record(
        "the condition did not hold after \(ContinuousClock.now - start)\(said.isEmpty ? "" : ": \(said)")",
        sourceLocation: sourceLocation)
    return false
}
