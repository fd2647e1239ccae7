#if !canImport(Combine)
    import Foundation
    import Synchronization

    /// A publisher that can be sent values from outside (Combine's `Subject`).
    public protocol Subject<Output, Failure>: AnyObject, Publisher {
        func send(_ value: Output)
        func send(completion: Subscribers.Completion<Failure>)
    }

    /// The subscriber list and completion state both subjects share, behind one lock, with what the
    /// subject keeps besides (`Stored`: the current value, or nothing for a pass-through subject).
    /// Subscribers are called outside the lock, so a subscriber may send to the same subject
    /// (or cancel itself) without deadlock.
    final class SubjectCore<Output, Failure: Error, Stored>: Sendable {
        private final class Subscription {
            let receiveValue: (Output) -> Void
            let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
            private let active = Atomic(true)

            init(
                receiveValue: @escaping (Output) -> Void,
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
            ) {
                self.receiveValue = receiveValue
                self.receiveCompletion = receiveCompletion
            }

            var isActive: Bool { active.load(ordering: .acquiring) }

            /// Marks the subscription ended; `true` only for the call that ended it.
            func deactivate() -> Bool {
                active.exchange(false, ordering: .acquiringAndReleasing)
            }
        }

        // unchecked: subscribers and values need not be Sendable (as in Combine); kept under the lock, called outside it
        private struct State: @unchecked Sendable {
            var subscriptions: [(id: UInt64, subscription: Subscription)] = []
            var nextID: UInt64 = 0
            var completion: Subscribers.Completion<Failure>?
            var stored: Stored
        }

        private let state: Mutex<State>
        /// What a new subscriber receives first, if anything.
        private let replay: @Sendable (Stored) -> Output?
        /// Keeps what a subject keeps of a value sent.
        private let keep: @Sendable (inout Stored, Output) -> Void

        private init(
            stored: Stored,
            replay: @escaping @Sendable (Stored) -> Output?,
            keep: @escaping @Sendable (inout Stored, Output) -> Void
        ) {
            state = Mutex(State(stored: stored))
            self.replay = replay
            self.keep = keep
        }

        /// What the subject keeps: its current value, for a current-value subject.
        var stored: Stored {
            state.withLock { $0.stored }
        }

        func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let subscription = Subscription(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            let attached = state.withLock { state -> (id: UInt64, initialValue: Output?)? in
                guard state.completion == nil else { return nil }
                let id = state.nextID
                state.nextID += 1
                state.subscriptions.append((id, subscription))
                return (id, replay(state.stored))
            }
            guard let (id, initialValue) = attached else {
                if let completion = state.withLock({ $0.completion }) { receiveCompletion(completion) }
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

        /// Delivers a value unless completed, and keeps what the subject keeps of it.
        func send(_ value: Output) {
            let receivers = state.withLock { state -> [Subscription] in
                guard state.completion == nil else { return [] }
                keep(&state.stored, value)
                return state.subscriptions.map(\.subscription)
            }
            for subscription in receivers where subscription.isActive {
                subscription.receiveValue(value)
            }
        }

        /// Ends the subject: every subscriber gets the completion once, then nothing more.
        func send(completion: Subscribers.Completion<Failure>) {
            let receivers = state.withLock { state -> [Subscription] in
                guard state.completion == nil else { return [] }
                state.completion = completion
                defer { state.subscriptions.removeAll() }
                return state.subscriptions.map(\.subscription)
            }
            for subscription in receivers where subscription.deactivate() {
                subscription.receiveCompletion(completion)
            }
        }

        private func remove(_ id: UInt64) {
            state.withLock { $0.subscriptions.removeAll { $0.id == id } }
        }
    }

    extension SubjectCore where Stored == Output {
        /// A current-value subject's core: it keeps the last value and gives it to each new subscriber.
        convenience init(currentValue: Output) {
            self.init(stored: currentValue, replay: { $0 }, keep: { $0 = $1 })
        }
    }

    extension SubjectCore where Stored == Void {
        /// A pass-through subject's core: it keeps nothing and replays nothing.
        convenience init() {
            self.init(stored: (), replay: { _ in nil }, keep: { _, _ in })
        }
    }
#endif
