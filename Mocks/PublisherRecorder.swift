import Foundation
import Presentation
import Reactive

/// Records every value and the completion of a publisher, so a test can assert the whole
/// history of an output: `recorder.values == [false, true, false]`.
public final class PublisherRecorder<Output, Failure: Error> {
    public private(set) var values: [Output] = []
    public private(set) var completions: [Subscribers.Completion<Failure>] = []
    private var cancellable: AnyCancellable?

    /// Subscribes at once.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        cancellable = publisher.sink(
            receiveCompletion: { [weak self] in
                self?.completions.append($0)
                Changes.signal()
            },
            receiveValue: { [weak self] in
                self?.values.append($0)
                Changes.signal()
            }
        )
    }

    /// Stops recording.
    public func cancel() {
        cancellable?.cancel()
    }
}
