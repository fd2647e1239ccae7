#if !canImport(Combine)
    import Foundation
    import Synchronization

    /// A publisher that can be sent values from outside (Combine's `Subject`).
    public protocol Subject<Output, Failure>: AnyObject, Publisher {
        func send(_ value: Output)
        func send(completion: Subscribers.Completion<Failure>)
    }

    /// The subscriber list and completion state both subjects share, behind one lock.
    /// Subscribers are called outside the lock, so a subscriber may send to the same subject
    /// (or cancel itself) without deadlock.
    final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
        private final class Subscription: @unchecked Sendable {
            let receiveValue: (Output) -> Void
            let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
            private let lock = Mutex(())
            private var active = true

            init(
                receiveValue: @escaping (Output) -> Void,
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
            ) {
                self.receiveValue = receiveValue
                self.receiveCompletion = receiveCompletion
            }

            var isActive: Bool { lock.withLock { _ in active } }

            /// Marks the subscription ended; `true` only for the call that ended it.
            func deactivate() -> Bool {
                lock.withLock { _ in
                    defer { active = false }
                    return active
                }
            }
        }

        private let lock = Mutex(())
        private var subscriptions: [(id: UInt64, subscription: Subscription)] = []
        private var nextID: UInt64 = 0
        private var completion: Subscribers.Completion<Failure>?
        /// Only a current-value subject holds one; a pass-through subject keeps `nil`.
        private var storedValue: Output?
        private let holdsValue: Bool

        init(currentValue: Output?) {
            storedValue = currentValue
            holdsValue = currentValue != nil
        }

        var currentValue: Output? {
            lock.withLock { _ in storedValue }
        }

        func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let subscription = Subscription(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            let attached = lock.withLock { _ -> (id: UInt64, initialValue: Output?)? in
                guard completion == nil else { return nil }
                let id = nextID
                nextID += 1
                subscriptions.append((id, subscription))
                return (id, storedValue)
            }
            guard let (id, initialValue) = attached else {
                if let completion = lock.withLock({ _ in completion }) { receiveCompletion(completion) }
                return AnyCancellable {}
            }
            if let initialValue, subscription.isActive {
                receiveValue(initialValue)
            }
            return AnyCancellable { [weak self] in
                _ = subscription.deactivate()
                self?.remove(id)
            }
        }

        /// Delivers a value unless completed; records it as the current value when there is one.
        func send(_ value: Output) {
            let receivers = lock.withLock { _ -> [Subscription] in
                guard completion == nil else { return [] }
                if holdsValue { storedValue = value }
                return subscriptions.map(\.subscription)
            }
            for subscription in receivers where subscription.isActive {
                subscription.receiveValue(value)
            }
        }

        /// Ends the subject: every subscriber gets the completion once, then nothing more.
        func send(completion: Subscribers.Completion<Failure>) {
            let receivers = lock.withLock { _ -> [Subscription] in
                guard self.completion == nil else { return [] }
                self.completion = completion
                defer { subscriptions.removeAll() }
                return subscriptions.map(\.subscription)
            }
            for subscription in receivers where subscription.deactivate() {
                subscription.receiveCompletion(completion)
            }
        }

        private func remove(_ id: UInt64) {
            lock.withLock { _ in subscriptions.removeAll { $0.id == id } }
        }
    }
#endif
