import Foundation
import TerminalUI

/// Lines typed by a test, one per `readLine()`; then the end of input.
public final class ScriptedInput: LineInput {
    private let lines: Locked<[String]>
    /// Called before each line is handed out, with the number of lines read so far.
    private let beforeLine: (@Sendable (Int) async -> Void)?
    private let count = Locked(0)

    /// - Parameters:
    ///   - lines: The lines, in order.
    ///   - beforeLine: Called before each line is handed out, with its index (0 first).
    public init(_ lines: [String] = [], beforeLine: (@Sendable (Int) async -> Void)? = nil) {
        self.lines = Locked(lines)
        self.beforeLine = beforeLine
    }

    public func readLine() async -> String? {
        let index = count.withLock { count -> Int in
            defer { count += 1 }
            return count
        }
        await beforeLine?(index)
        return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
