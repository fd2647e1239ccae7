import Synchronization

/// A value behind a lock, so a `Sendable` test double can record calls from any task.
public final class Locked<Value: Sendable>: Sendable {
    private let state: Mutex<Value>

    public init(_ value: Value) {
        state = Mutex(value)
    }

    public var value: Value {
        state.withLock { $0 }
    }

    /// Runs `body` with the value, alone, then signals the change to tests waiting for one
    /// (`eventually`).
    /// - Returns: What `body` returns.
    @discardableResult
    public func withLock<T: Sendable, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        let result = try state.withLock { value throws(E) -> T in try body(&value) }
        Changes.signal()
        return result
    }
}
