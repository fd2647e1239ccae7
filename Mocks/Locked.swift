import Foundation

/// A value behind a lock, so a `Sendable` test double can record calls from any task.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storedValue: Value

    public init(_ value: Value) {
        storedValue = value
    }

    public var value: Value {
        lock.withLock { storedValue }
    }

    @discardableResult
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&storedValue) }
    }
}
