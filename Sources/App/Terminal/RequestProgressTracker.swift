import Foundation
import Networking
import Synchronization

/// Runs the work of one foreground wait with its requests reporting their progress, and keeps
/// `onChange` told of the one short detail that the wait should show (`HTTP 503 · retrying 2
/// of 3`), or `nil` when there is none.
///
/// Wrap exactly the work the user waits for — a load the screen shows as under way — and show the
/// detail beside what it waits for (the spinner's `Searching…`, a status line). Requests started
/// inside the work report to it, and so do tasks it starts; when the work returns the wait is
/// over: anything still running (a page fetched in the background) is no longer heard, and
/// `onChange(nil)` clears a detail that was shown. A background request started outside it
/// reports nowhere.
///
/// ```swift
/// await withRequestProgress({ status.detail = $0 }) { await viewModel.didSearch(query: query) }
/// ```
///
/// - Parameters:
///   - onChange: Told of each new detail, on the main actor, in order; `nil` clears it.
///   - operation: The work of the wait.
/// - Returns: What `operation` returns.
@MainActor
func withRequestProgress<Value>(
    _ onChange: @escaping @MainActor @Sendable (String?) -> Void,
    operation: @MainActor () async throws -> Value
) async rethrows -> Value {
    let tracker = RequestProgressTracker(onChange: onChange)
    defer { tracker.close() }
    return try await RequestProgress.$observer.withValue(tracker.observer) { try await operation() }
}

/// The requests of one wait and the detail they make: the newest report of a request still
/// running. Events arrive on any thread; `onChange` is called on the main actor.
final class RequestProgressTracker: Sendable {
    private struct State {
        /// Whether the wait is still on: events after `close()` are ignored.
        var isOpen = true
        /// The detail of each request that retried or waits for the request budget and has not
        /// finished, oldest report first.
        var details: [(request: Int, text: String)] = []
        /// The detail last given to `onChange`.
        var delivered: String?
    }

    private let state = Mutex(State())
    private let onChange: @MainActor @Sendable (String?) -> Void

    init(onChange: @escaping @MainActor @Sendable (String?) -> Void) {
        self.onChange = onChange
    }

    /// The observer to set for the requests of this wait.
    var observer: RequestProgressObserver {
        RequestProgressObserver { [self] in receive($0) }
    }

    /// Takes one event from any thread; the main actor is told when the detail changed.
    /// - Returns: Whether it changed the detail (never once closed).
    @discardableResult
    func receive(_ event: RequestProgressEvent) -> Bool {
        let changed = state.withLock { state -> Bool in
            guard state.isOpen else { return false }
            let before = state.details.last?.text
            switch event {
            case .retrying(let notice):
                state.details.removeAll { $0.request == notice.request }
                state.details.append((notice.request, WaitDetail.text(for: notice)))
            case .waitingForBudget(let notice):
                state.details.removeAll { $0.request == notice.request }
                state.details.append((notice.request, WaitDetail.text(for: notice)))
            case .finished(let request):
                state.details.removeAll { $0.request == request }
            }
            return state.details.last?.text != before
        }
        guard changed else { return false }
        Task { @MainActor in self.deliver() }
        return true
    }

    /// Tells `onChange` the detail as it is now (events may have come since this was scheduled,
    /// so the last one always wins, whatever order the main actor runs these in).
    @MainActor
    private func deliver() {
        let detail = state.withLock { state -> String?? in
            let current = state.details.last?.text
            guard state.isOpen, current != state.delivered else { return nil }
            state.delivered = current
            return .some(current)
        }
        if let detail { onChange(detail) }
    }

    /// Ends the wait: nothing more is heard, and a detail that was shown is cleared.
    @MainActor
    func close() {
        let shown = state.withLock { state -> Bool in
            state.isOpen = false
            state.details = []
            defer { state.delivered = nil }
            return state.delivered != nil
        }
        if shown { onChange(nil) }
    }
}
