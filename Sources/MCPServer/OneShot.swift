import Synchronization

/// A value set once and awaited once; a second `resume` is ignored.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = Mutex(State())

    init() {}

    /// Sets the value unless one is set already.
    /// - Returns: Whether this call set it.
    @discardableResult
    func resume(_ value: Value) -> Bool {
        let (waiter, didSet) = state.withLock { state -> (CheckedContinuation<Value, Never>?, Bool) in
            guard state.value == nil else { return (nil, false) }
            state.value = value
            defer { state.waiter = nil }
            return (state.waiter, true)
        }
        waiter?.resume(returning: value)
        return didSet
    }

    /// Whether the value is set.
    var isSet: Bool { state.withLock { $0.value != nil } }

    /// Waits for the value; only one task may wait.
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            let value = state.withLock { state -> Value? in
                if let value = state.value { return value }
                state.waiter = continuation
                return nil
            }
            if let value { continuation.resume(returning: value) }
        }
    }
}
