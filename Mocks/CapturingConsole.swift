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
