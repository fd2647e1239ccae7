import Foundation
import Presentation
import TerminalUI

/// The terminal a run writes to: outputs, and what the terminal can do.
struct Console: Sendable {
    let output: any TextOutput
    let diagnostics: any TextOutput
    let input: any LineInput
    let inputIsTerminal: Bool
    let outputIsTerminal: Bool
    let diagnosticsIsTerminal: Bool
    /// Columns available for a table.
    let width: Int
    let activityIndicator: any ActivityIndicator

    /// The process's standard output and error.
    /// - Parameters:
    ///   - environment: For `COLUMNS`, `NO_COLOR`, `TERM`.
    ///   - closedDescriptors: Standard descriptors that were closed when the process started.
    static func standard(environment: [String: String], closedDescriptors: Set<Int32> = []) -> Console {
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        let diagnosticsIsTerminal = isatty(STDERR_FILENO) == 1
        let diagnostics = FileDescriptorOutput(fileDescriptor: STDERR_FILENO)
        let output = FileDescriptorOutput(
            fileDescriptor: STDOUT_FILENO,
            closedReason: closedDescriptors.contains(STDOUT_FILENO) ? "standard output is closed" : nil)
        return Console(
            output: output,
            diagnostics: diagnostics,
            // Commands stop with the output: a session whose results can no longer be written ends.
            input: StandardInputReader(diagnostics: diagnostics, stopsWhen: { output.isStopped }),
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: outputIsTerminal,
            diagnosticsIsTerminal: diagnosticsIsTerminal,
            width: TerminalSize.columns(
                of: outputIsTerminal ? STDOUT_FILENO : nil, environment: environment),
            activityIndicator: diagnosticsIsTerminal && environment["TERM"] != "dumb"
                ? TerminalSpinner(output: diagnostics) : HiddenActivityIndicator()
        )
    }
}

extension Console {
    /// A console over streams that are not a terminal (a test's, a tool's): no colour, no
    /// spinner, a table 80 columns wide unless told.
    /// - Parameters:
    ///   - streams: Output, diagnostics and input.
    ///   - width: Columns for a table.
    init(_ streams: any ConsoleStreams, width: Int = TerminalSize.fallbackColumns) {
        self.init(
            output: streams.output, diagnostics: streams.diagnostics, input: streams.input, inputIsTerminal: false,
            outputIsTerminal: false, diagnosticsIsTerminal: false, width: width,
            activityIndicator: HiddenActivityIndicator())
    }
}
