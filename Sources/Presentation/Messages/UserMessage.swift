import Foundation
import TerminalUI

/// One line for the user: what happened, then what they can do about it.
public struct UserMessage: Equatable, Sendable {
    /// What happened, e.g. `the iTunes service did not answer in time`.
    public let what: String
    /// What to do; `nil` when there is nothing to do (a cancelled request).
    public let hint: RecoveryHint?

    public init(_ what: String, hint: RecoveryHint?) {
        self.what = what
        self.hint = hint
    }

    /// - Parameter phrasing: How hints are worded where the user is.
    /// - Returns: `<what happened> — <what to do>`, safe for a terminal.
    public func text(phrasing: any HintPhrasing) -> String {
        guard let hint else { return TerminalSanitizer.sanitize(what) }
        return TerminalSanitizer.sanitize("\(what) — \(phrasing.advice(for: hint))")
    }
}
