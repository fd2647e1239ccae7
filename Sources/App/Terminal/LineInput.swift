import Dispatch
import Foundation
import Presentation
import Synchronization

/// Standard input, read on a thread of its own so the main actor never blocks on it.
final class StandardInputReader: LineInput {
    private let queue = DispatchQueue(label: "mvsearch.stdin")

    func readLine() async -> String? {
        let delivery = LineDelivery()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delivery.wait(with: continuation)
                queue.async { delivery.deliver(Swift.readLine(strippingNewline: true)) }
            }
        } onCancel: {
            delivery.deliver(nil)
        }
    }
}

/// Resumes a continuation exactly once: with the line read, or with `nil` when cancelled first.
private final class LineDelivery: @unchecked Sendable {
    private let lock = Mutex(())
    private var continuation: CheckedContinuation<String?, Never>?
    private var early: String??

    func wait(with continuation: CheckedContinuation<String?, Never>) {
        let ready: String?? = lock.withLock { _ in
            if let early { return early }
            self.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func deliver(_ line: String?) {
        let waiting: CheckedContinuation<String?, Never>? = lock.withLock { _ in
            guard let continuation else {
                if early == nil { early = .some(line) }
                return nil
            }
            self.continuation = nil
            early = .some(line)
            return continuation
        }
        waiting?.resume(returning: line)
    }
}
