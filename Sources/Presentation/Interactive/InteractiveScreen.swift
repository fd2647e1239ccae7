import Foundation

/// One screen of the interactive session. The coordinator owns the stack of screens and the
/// keys that move between them (back, new search, quit); a screen handles its own keys by
/// calling its view model's inputs.
@MainActor
public protocol InteractiveScreen: AnyObject {
    /// Writes the screen, when it appears and when it is shown again.
    func show()
    /// The keys this screen understands, for the prompt, e.g. `1–25 details · n next page`.
    var keys: String { get }
    /// Handles one line of input; returns when what it started has finished.
    /// - Parameter input: The line, trimmed.
    /// - Returns: `false` when the input means nothing on this screen.
    func handle(_ input: String) async -> Bool
    /// Whether the screen has nothing to show (its load failed, found nothing, or was
    /// cancelled): the coordinator then takes it off again.
    var isEmpty: Bool { get }
}

extension InteractiveScreen {
    public var isEmpty: Bool { false }
}
