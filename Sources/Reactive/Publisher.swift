#if !canImport(Combine)
    import Foundation

    /// A source of values over time, ending with at most one completion (Combine's `Publisher`).
    public protocol Publisher<Output, Failure> {
        associatedtype Output
        associatedtype Failure: Error

        /// Attaches a subscriber. Use `sink`; this is the one primitive the operators build on.
        func _attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable
    }

    /// Namespace matching Combine's, for `Subscribers.Completion`.
    public enum Subscribers {
        /// How a publisher ended.
        public enum Completion<Failure: Error> {
            case finished
            case failure(Failure)
        }
    }

    extension Subscribers.Completion: Sendable where Failure: Sendable {}
    extension Subscribers.Completion: Equatable where Failure: Equatable {}

    extension Publisher {
        /// Subscribes with closures for values and for the completion.
        /// - Returns: Keep it alive as long as the subscription should last.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            _attach(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// Hides the concrete publisher type.
        public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
            AnyPublisher(self)
        }
    }

    extension Publisher where Failure == Never {
        /// Subscribes to values of a publisher that cannot fail.
        /// - Returns: Keep it alive as long as the subscription should last.
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            _attach(receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
    }

    /// A type-erased publisher.
    public struct AnyPublisher<Output, Failure: Error>: Publisher {
        private let attach:
            (@escaping (Subscribers.Completion<Failure>) -> Void, @escaping (Output) -> Void) -> AnyCancellable

        /// Wraps a publisher.
        public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
            attach = { publisher._attach(receiveCompletion: $0, receiveValue: $1) }
        }

        public func _attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            attach(receiveCompletion, receiveValue)
        }

        public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { self }
    }
#endif
