#if !canImport(Combine)
    import Foundation

    /// Holds a value and publishes every change; a new subscriber receives the current value first.
    public final class CurrentValueSubject<Output, Failure: Error>: Subject, Sendable {
        private let core: SubjectCore<Output, Failure, Output>

        /// - Parameter value: The value before anything is sent.
        public init(_ value: Output) {
            core = SubjectCore(currentValue: value)
        }

        /// The latest value. Setting it sends it.
        public var value: Output {
            get { core.stored }
            set { send(newValue) }
        }

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
