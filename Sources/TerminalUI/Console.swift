import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal a run writes to: outputs, and what the terminal can do.
public struct Console: Sendable {
    /// Results (standard output).
    public let output: any TextOutput
    /// One-line messages (standard error).
    public let diagnostics: any TextOutput
    /// Lines typed or piped (standard input).
    public let input: any LineInput
    /// Whether standard input is a terminal.
    public let inputIsTerminal: Bool
    /// Whether standard output is a terminal.
    public let outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public let diagnosticsIsTerminal: Bool
    /// Columns available for a table.
    public let width: Int
    /// Shows that something is under way: the spinner on a terminal, else nothing.
    public let activityIndicator: any ActivityIndicator
    /// Shows why the current wait goes on beside the activity indicator
    /// (`TerminalSpinner.show(detail:)`); `nil` where the indicator shows nothing (not a terminal).
    public var showWaitDetail: (@MainActor @Sendable (String?) -> Void)?
    /// Standard error when it is a terminal: held while a full-screen session draws there.
    public var diagnosticsHold: HoldableOutput?

    /// A console of these streams and facts.
    /// - Parameters:
    ///   - output: Results.
    ///   - diagnostics: Messages.
    ///   - input: Lines typed or piped.
    ///   - inputIsTerminal: Whether the input is a terminal.
    ///   - outputIsTerminal: Whether the output is a terminal.
    ///   - diagnosticsIsTerminal: Whether the diagnostics are a terminal.
    ///   - width: Columns for a table.
    ///   - activityIndicator: Shows that something is under way.
    ///   - showWaitDetail: Shows why a wait goes on, where the indicator shows anything.
    ///   - diagnosticsHold: The diagnostics, when they can be held during a full-screen session.
    public init(
        output: any TextOutput, diagnostics: any TextOutput, input: any LineInput, inputIsTerminal: Bool,
        outputIsTerminal: Bool, diagnosticsIsTerminal: Bool, width: Int, activityIndicator: any ActivityIndicator,
        showWaitDetail: (@MainActor @Sendable (String?) -> Void)? = nil, diagnosticsHold: HoldableOutput? = nil
    ) {
        self.output = output
        self.diagnostics = diagnostics
        self.input = input
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.diagnosticsIsTerminal = diagnosticsIsTerminal
        self.width = width
        self.activityIndicator = activityIndicator
        self.showWaitDetail = showWaitDetail
        self.diagnosticsHold = diagnosticsHold
    }

    /// The process's standard output and error.
    /// - Parameters:
    ///   - environment: For `COLUMNS`, `NO_COLOR`, `TERM`.
    ///   - closedDescriptors: Standard descriptors that were closed when the process started.
    ///   - messages: What the program says when standard input or error drops something.
    public static func standard(
        environment: [String: String], closedDescriptors: Set<Int32> = [], messages: ConsoleMessages
    ) -> Console {
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
            let hold = HoldableOutput(SpinnerSharedOutput(spinner: shown), leftOut: messages.leftOutWhileHeld)
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
            input: StandardInputReader(
                diagnostics: diagnostics, skippedLine: messages.skippedLine, stopsWhen: { output.isStopped }),
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
    public init(_ streams: any ConsoleStreams, width: Int = TerminalSize.fallbackColumns) {
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
