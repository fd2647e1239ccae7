import Foundation
import Presentation

/// The terminal a run writes to: outputs, and what the terminal can do.
struct Console: Sendable {
    let output: any TextOutput
    let diagnostics: any TextOutput
    let outputIsTerminal: Bool
    let diagnosticsIsTerminal: Bool
    /// Columns available for a table.
    let width: Int
    /// Whether the environment allows colour at all (`NO_COLOR`, `TERM=dumb`).
    let environmentAllowsColor: Bool
    let activityIndicator: any ActivityIndicator

    /// The process's standard output and error.
    /// - Parameter environment: For `COLUMNS`, `NO_COLOR`, `TERM`.
    static func standard(environment: [String: String]) -> Console {
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        let diagnosticsIsTerminal = isatty(STDERR_FILENO) == 1
        let diagnostics = FileDescriptorOutput(fileDescriptor: STDERR_FILENO)
        return Console(
            output: FileDescriptorOutput(fileDescriptor: STDOUT_FILENO),
            diagnostics: diagnostics,
            outputIsTerminal: outputIsTerminal,
            diagnosticsIsTerminal: diagnosticsIsTerminal,
            width: TerminalSize.columns(
                of: outputIsTerminal ? STDOUT_FILENO : nil, environment: environment),
            environmentAllowsColor: environmentAllowsColor(environment),
            activityIndicator: diagnosticsIsTerminal && environment["TERM"] != "dumb"
                ? TerminalSpinner(output: diagnostics) : HiddenActivityIndicator()
        )
    }

    /// `NO_COLOR` set to anything non-empty, or `TERM=dumb`, turns colour off.
    static func environmentAllowsColor(_ environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
