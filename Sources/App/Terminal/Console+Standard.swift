import Foundation
import TerminalUI

extension Console {
    /// The process's standard output and error, saying what they drop in mvsearch's words.
    /// - Parameters:
    ///   - environment: For `COLUMNS`, `NO_COLOR`, `TERM`.
    ///   - closedDescriptors: Standard descriptors that were closed when the process started.
    static func standard(environment: [String: String], closedDescriptors: Set<Int32> = []) -> Console {
        standard(environment: environment, closedDescriptors: closedDescriptors, messages: .mvsearch)
    }
}

extension ConsoleMessages {
    /// What mvsearch says when a line of input is too long, or messages were left out while a
    /// full-screen session held standard error.
    static let mvsearch = ConsoleMessages(
        skippedLine: { lineNumber in
            "mvsearch: line \(lineNumber) of the input is longer than \(StandardInputReader.maximumLineBytes) bytes"
                + " and was skipped — type one command or search per line\n"
        },
        leftOutWhileHeld: { count in
            "mvsearch: \(count) more messages written during the session were left out"
                + " — send them to a file to keep them all (2> file)\n"
        })
}
