import Foundation

/// Lines typed (or piped) by the user: the input seam, beside `TextOutput`.
public protocol LineInput: Sendable {
    /// - Returns: The next line without its line break, or `nil` at the end of input or when
    ///   the calling task is cancelled.
    func readLine() async -> String?
}

/// The three streams a run talks through. A program builds its `Console` from the process's
/// standard streams (`Console.standard`); a test passes its own, and the program runs unchanged.
public protocol ConsoleStreams: Sendable {
    /// Results (standard output).
    var output: any TextOutput { get }
    /// One-line messages (standard error).
    var diagnostics: any TextOutput { get }
    /// Lines typed or piped (standard input).
    var input: any LineInput { get }
}
