#if !canImport(Combine)
    import Foundation
    import Synchronization

    /// Something that can stop a subscription.
    public protocol Cancellable {
        func cancel()
    }

    /// Cancels its subscription when cancelled or deinitialised. Hashable, so it can be kept in a
    /// `Set<AnyCancellable>`.
    public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
        private let lock = Mutex(())
        private var cancelAction: (() -> Void)?

        /// - Parameter cancel: Run once, on the first `cancel()` or at deinit.
        public init(_ cancel: @escaping () -> Void) {
            cancelAction = cancel
        }

        deinit {
            cancel()
        }

        public func cancel() {
            let action = lock.withLock { _ in
                defer { cancelAction = nil }
                return cancelAction
            }
            action?()
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
