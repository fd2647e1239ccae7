import Foundation
import Synchronization

/// Standard error on the terminal a full-screen session draws on: a message written meanwhile
/// (a request's log line, a warning) would land in the middle of a frame and stay there, so while
/// the session runs it is kept — up to `limitBytes`, then counted — and written once the
/// terminal is restored.
public final class HoldableOutput: TextOutput, Sendable {
    /// How much is kept while held; what comes after is counted and said in one line.
    public static let limitBytes = 256 * 1024

    private struct State {
        var isHeld = false
        var held: [String] = []
        var heldBytes = 0
        var dropped = 0
    }

    private let output: any TextOutput
    private let leftOut: @Sendable (Int) -> String
    private let state = Mutex(State())

    /// - Parameters:
    ///   - output: Where the text goes, at once or on `release()`.
    ///   - leftOut: The line that says how many writes were left out while held (beyond
    ///     `limitBytes`), with its line break.
    public init(_ output: any TextOutput, leftOut: @escaping @Sendable (_ count: Int) -> String) {
        self.output = output
        self.leftOut = leftOut
    }

    /// Writes the text now, or keeps it while held.
    /// - Parameter text: The text, with its own line breaks.
    public func write(_ text: String) {
        let passes = state.withLock { state -> Bool in
            guard state.isHeld else { return true }
            // Once one is left out, so are all after it: what is written keeps its order.
            if state.dropped == 0, state.heldBytes + text.utf8.count <= Self.limitBytes {
                state.held.append(text)
                state.heldBytes += text.utf8.count
            } else {
                state.dropped += 1
            }
            return false
        }
        if passes { output.write(text) }
    }

    /// Keeps what is written from now on, until `release()`.
    public func hold() {
        state.withLock { $0.isHeld = true }
    }

    /// Writes what was kept, in order, and lets writes through again.
    public func release() {
        let (held, dropped) = state.withLock { state in
            defer { state = State() }
            return (state.held, state.dropped)
        }
        for text in held { output.write(text) }
        if dropped > 0 { output.write(leftOut(dropped)) }
    }
}
