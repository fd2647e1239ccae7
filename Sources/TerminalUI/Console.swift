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
    /// Shows why the current wait goes on beside the activity indicator (`WaitDetail`); `nil`
    /// where the indicator shows nothing (not a terminal).
    var showWaitDetail: (@MainActor @Sendable (String?) -> Void)? = nil
    /// Standard error when it is a terminal: held while a full-screen session draws there.
    var diagnosticsHold: HoldableOutput? = nil

    /// The process's standard output and error.
    /// - Parameters:
    ///   - environment: For `COLUMNS`, `NO_COLOR`, `TERM`.
    ///   - closedDescriptors: Standard descriptors that were closed when the process started.
    static func standard(environment: [String: String], closedDescriptors: Set<Int32> = []) -> Console {
        let outputIsTerminal = isatty(STDOUT_FILENO) == 1
        let diagnosticsIsTerminal = isatty(STDERR_FILENO) == 1
        let standardError = FileDescriptorOutput(fileDescriptor: STDERR_FILENO)
        var spinner: TerminalSpinner?
        var diagnostics: any TextOutput = standardError
        var showWaitDetail: (@MainActor @Sendable (String?) -> Void)?
        var diagnosticsHold: HoldableOutput?
        if diagnosticsIsTerminal, environment["TERM"] != "dumb" {
            let shown = TerminalSpinner(
                output: standardError, columns: { TerminalSize.columns(of: STDERR_FILENO, environment: environment) })
            spinner = shown
            // A message written while the spinner shows takes its line instead of running into it.
            let hold = HoldableOutput(SpinnerSharedOutput(spinner: shown))
            diagnosticsHold = hold
            diagnostics = hold
            showWaitDetail = { shown.show(detail: $0) }
        }
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
            activityIndicator: spinner ?? HiddenActivityIndicator(),
            showWaitDetail: showWaitDetail,
            diagnosticsHold: diagnosticsHold
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

/// Standard error while a spinner may be drawn on it: each write takes the spinner's line.
private struct SpinnerSharedOutput: TextOutput {
    let spinner: TerminalSpinner

    func write(_ text: String) {
        spinner.write(above: text)
    }
}
