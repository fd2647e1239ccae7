import Foundation

/// Where a view writes. The app passes standard output or standard error; tests pass a buffer.
public protocol TextOutput: Sendable {
    /// Writes text as one piece (a view never writes half a table).
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
    public init() {}
    public func start(message: String) {}
    public func stop() {}
}
