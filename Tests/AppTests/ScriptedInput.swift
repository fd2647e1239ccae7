import Foundation
import Mocks

@testable import App

/// Lines typed by a test, one per `readLine()`; then the end of input.
final class ScriptedInput: LineInput {
    private let lines: Locked<[String]>
    /// Called before each line is handed out, with the number of lines read so far.
    private let beforeLine: (@Sendable (Int) async -> Void)?
    private let count = Locked(0)

    init(_ lines: [String], beforeLine: (@Sendable (Int) async -> Void)? = nil) {
        self.lines = Locked(lines)
        self.beforeLine = beforeLine
    }

    func readLine() async -> String? {
        let index = count.withLock { count -> Int in
            defer { count += 1 }
            return count
        }
        await beforeLine?(index)
        return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// A browser that records what it was asked to open.
final class RecordingBrowser: URLOpening {
    let opened = Locked<[URL]>([])
    let succeeds: Bool

    init(succeeds: Bool = true) {
        self.succeeds = succeeds
    }

    func open(_ url: URL) -> Bool {
        opened.withLock { $0.append(url) }
        return succeeds
    }
}
