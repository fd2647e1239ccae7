import Foundation

/// Where text is written: standard output or error (`FileDescriptorOutput`), a held output
/// (`HoldableOutput`), or a test's buffer.
public protocol TextOutput: Sendable {
    /// Writes text as one piece (a table is never written in half).
    /// - Parameter text: The text, with its own line breaks.
    func write(_ text: String)
}

/// Shows that something is under way (a spinner on a terminal, nothing elsewhere).
public protocol ActivityIndicator: Sendable {
    /// Starts showing the activity; calling it while shown changes nothing.
    /// - Parameter message: What is under way, e.g. `Searching`.
    func start(message: String)
    /// Stops and erases what was shown.
    func stop()
}

/// An activity indicator that shows nothing.
public struct HiddenActivityIndicator: ActivityIndicator {
    /// An indicator that shows nothing.
    public init() {}
    /// Does nothing.
    public func start(message: String) {}
    /// Does nothing.
    public func stop() {}
}
