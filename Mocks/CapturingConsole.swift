import Foundation
import TerminalUI

/// Standard output and error captured, standard input scripted: what a test gives the app
/// (`Application(arguments:console:overrides:)`) in place of the process's streams.
public struct CapturingConsole: ConsoleStreams {
    /// What the app wrote as results.
    public let capturedOutput = CapturingOutput()
    /// What the app wrote as messages.
    public let capturedDiagnostics = CapturingOutput()
    private let scriptedInput: ScriptedInput

    /// - Parameter lines: What the user types, one line per `readLine()`; then the end of input.
    public init(input lines: [String] = []) {
        scriptedInput = ScriptedInput(lines)
    }

    public var output: any TextOutput { capturedOutput }
    public var diagnostics: any TextOutput { capturedDiagnostics }
    public var input: any LineInput { scriptedInput }

    /// Everything written to standard output.
    public var printed: String { capturedOutput.text }
    /// Everything written to standard error.
    public var reported: String { capturedDiagnostics.text }
}

extension Console {
    /// The streams of a run in a script: nothing typed (the input ends at once), 80 columns, no
    /// activity shown, the output a pipe unless `outputIsTerminal`.
    /// - Parameters:
    ///   - output: Where the results go.
    ///   - diagnostics: Where the messages go.
    ///   - outputIsTerminal: Whether the output is to be taken for a terminal (tables, colour).
    public static func piped(
        output: any TextOutput = CapturingOutput(), diagnostics: any TextOutput = CapturingOutput(),
        outputIsTerminal: Bool = false
    ) -> Console {
        Console(
            output: output, diagnostics: diagnostics, input: ScriptedInput([]), inputIsTerminal: false,
            outputIsTerminal: outputIsTerminal, diagnosticsIsTerminal: false, width: 80,
            activityIndicator: HiddenActivityIndicator())
    }

    /// The streams of a session on a terminal: every stream a terminal, 80 columns, nothing typed
    /// on the line input (a full-screen session's keys come another way), no activity shown.
    public static func onTerminal() -> Console {
        Console(
            output: CapturingOutput(), diagnostics: CapturingOutput(), input: ScriptedInput([]), inputIsTerminal: true,
            outputIsTerminal: true, diagnosticsIsTerminal: true, width: 80, activityIndicator: HiddenActivityIndicator()
        )
    }
}
