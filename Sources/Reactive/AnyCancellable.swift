#if !canImport(Combine)
    import Foundation
    import Synchronization

    /// Something that can stop a subscription.
    public protocol Cancellable {
        func cancel()
    }

    /// Cancels its subscription when cancelled or deinitialised. Hashable, so it can be kept in a
    /// `Set<AnyCancellable>`.
    public final class AnyCancellable: Cancellable, Hashable, Sendable {
        // unchecked: the closure need not be Sendable (as in Combine); taken under the lock, run once by the canceller
        private struct Action: @unchecked Sendable {
            let run: () -> Void
        }

        private let action: Mutex<Action?>

        /// - Parameter cancel: Run once, on the first `cancel()` or at deinit.
        public init(_ cancel: @escaping () -> Void) {
            action = Mutex(Action(run: cancel))
        }

        deinit {
            cancel()
        }

        public func cancel() {
            action.withLock { $0.take() }?.run()
        }

        /// Keeps this cancellable alive as long as the set.
        public func store(in set: inout Set<AnyCancellable>) {
            set.insert(self)
        }

        public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
            lhs === rhs
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(self))
        }
    }
#endif
