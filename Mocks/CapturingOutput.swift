import Foundation
import TerminalUI

/// A `TextOutput` that keeps every write, for asserting what a view printed.
public final class CapturingOutput: TextOutput, Sendable {
    private let writes = Locked<[String]>([])

    public init() {}

    public func write(_ text: String) {
        writes.withLock { $0.append(text) }
    }

    /// Each write, in order (a view writes a whole table in one).
    public var chunks: [String] { writes.value }

    /// Everything written, joined.
    public var text: String { writes.value.joined() }
}

/// An activity indicator that records `start` and `stop` calls.
public final class RecordingActivityIndicator: ActivityIndicator, Sendable {
    public enum Event: Equatable, Sendable {
        case start(String)
        case stop
    }

    private let recorded = Locked<[Event]>([])

    public init() {}

    public var events: [Event] { recorded.value }

    public func start(message: String) {
        recorded.withLock { $0.append(.start(message)) }
    }

    public func stop() {
        recorded.withLock { $0.append(.stop) }
    }
}
