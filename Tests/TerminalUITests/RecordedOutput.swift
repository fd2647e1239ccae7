import Synchronization
import TerminalUI

/// A `TextOutput` that keeps every write, for asserting what was written.
final class RecordedOutput: TextOutput, Sendable {
    private let writes = Mutex<[String]>([])

    func write(_ text: String) {
        writes.withLock { $0.append(text) }
    }

    /// Each write, in order.
    var chunks: [String] { writes.withLock { $0 } }

    /// Everything written, joined.
    var text: String { chunks.joined() }
}
