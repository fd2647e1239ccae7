#if !canImport(Combine)
    import Foundation

    /// Publishes what is sent to the subscribers present at that moment; replays nothing.
    public final class PassthroughSubject<Output, Failure: Error>: Subject, Sendable {
        private let core = SubjectCore<Output, Failure, Void>()

        public init() {}

        public func send(_ value: Output) {
            core.send(value)
        }

        public func send(completion: Subscribers.Completion<Failure>) {
            core.send(completion: completion)
        }

        public func _attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            core.attach(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }
#endif
