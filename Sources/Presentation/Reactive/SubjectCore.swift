#if !canImport(Combine)
    import Foundation

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
            private let lock = NSLock()
            private var active = true

            init(
                receiveValue: @escaping (Output) -> Void,
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
            ) {
                self.receiveValue = receiveValue
                self.receiveCompletion = receiveCompletion
            }

            var isActive: Bool { lock.withLock { active } }

            /// Marks the subscription ended; `true` only for the call that ended it.
            func deactivate() -> Bool {
                lock.withLock {
                    defer { active = false }
                    return active
                }
            }
        }

        private let lock = NSLock()
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
            lock.withLock { storedValue }
        }

        func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let subscription = Subscription(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            lock.lock()
            if let completion {
                lock.unlock()
                receiveCompletion(completion)
                return AnyCancellable {}
            }
            let id = nextID
            nextID += 1
            subscriptions.append((id, subscription))
            let initialValue = storedValue
            lock.unlock()

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
            lock.lock()
            guard completion == nil else {
                lock.unlock()
                return
            }
            if holdsValue { storedValue = value }
            let receivers = subscriptions.map(\.subscription)
            lock.unlock()
            for subscription in receivers where subscription.isActive {
                subscription.receiveValue(value)
            }
        }

        /// Ends the subject: every subscriber gets the completion once, then nothing more.
        func send(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard self.completion == nil else {
                lock.unlock()
                return
            }
            self.completion = completion
            let receivers = subscriptions.map(\.subscription)
            subscriptions.removeAll()
            lock.unlock()
            for subscription in receivers where subscription.deactivate() {
                subscription.receiveCompletion(completion)
            }
        }

        private func remove(_ id: UInt64) {
            lock.withLock { subscriptions.removeAll { $0.id == id } }
        }
    }
#endif
