import Dispatch
import Foundation
import Reactive
import Testing

/// The rules of DESIGN §4. Written only against API that Combine also has, so the same suite
/// passes against Apple's Combine and against the Linux subjects.
@Suite("Subjects behave as Combine's do")
struct SubjectSemanticsTests {
    private enum Failure: Error, Equatable { case boom }

    @Test("A current-value subject gives a new subscriber its current value first, then changes")
    func currentValueReplaysCurrent() {
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.send(2)
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        subject.send(3)
        subject.value = 4
        #expect(received == [2, 3, 4])
        #expect(subject.value == 4)
        cancellable.cancel()
    }

    @Test("A pass-through subject replays nothing")
    func passthroughReplaysNothing() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(1)
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        subject.send(2)
        #expect(received == [2])
        cancellable.cancel()
    }

    @Test("Nothing is delivered after completion; the completion arrives once")
    func nothingAfterCompletion() {
        let subject = PassthroughSubject<Int, Failure>()
        var values: [Int] = []
        var completions: [Subscribers.Completion<Failure>] = []
        let cancellable = subject.sink(
            receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        subject.send(1)
        subject.send(completion: .failure(.boom))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(values == [1])
        #expect(completions.count == 1)
        if case .failure(let error) = completions.first {
            #expect(error == .boom)
        } else {
            Issue.record("expected failure")
        }
        cancellable.cancel()
    }

    @Test("A subscriber added after completion receives only the completion")
    func lateSubscriberGetsOnlyCompletion() {
        let subject = CurrentValueSubject<Int, Never>(5)
        subject.send(completion: .finished)
        var values: [Int] = []
        var finished = 0
        let cancellable = subject.sink(
            receiveCompletion: { if case .finished = $0 { finished += 1 } },
            receiveValue: { values.append($0) })
        #expect(values.isEmpty)
        #expect(finished == 1)
        cancellable.cancel()
    }

    @Test("Nothing is delivered after cancel, or after the cancellable is released")
    func nothingAfterCancellation() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        subject.send(1)
        cancellable.cancel()
        subject.send(2)
        var released: AnyCancellable? = subject.sink { received.append($0 * 10) }
        subject.send(3)
        released = nil
        subject.send(4)
        #expect(received == [1, 30])
        #expect(released == nil)
    }

    @Test("Cancellables kept in a set stay alive, and are distinct by identity")
    func storeInSet() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriptions = Set<AnyCancellable>()
        var received: [Int] = []
        subject.sink { received.append($0) }.store(in: &subscriptions)
        subject.sink { received.append(-$0) }.store(in: &subscriptions)
        subject.send(7)
        #expect(subscriptions.count == 2)
        #expect(received.sorted() == [-7, 7])
        subscriptions.removeAll()
        subject.send(8)
        #expect(received.count == 2)
    }

    @Test("Sending from inside a subscriber does not deadlock, and both values arrive")
    func reentrantSend() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { value in
            received.append(value)
            if value == 1 { subject.send(2) }
        }
        subject.send(1)
        #expect(received == [1, 2])
        cancellable.cancel()
    }

    @Test("A type-erased publisher forwards values and completion")
    func erasure() {
        let subject = PassthroughSubject<String, Failure>()
        let publisher: AnyPublisher<String, Failure> = subject.eraseToAnyPublisher()
        var values: [String] = []
        var failed = false
        let cancellable = publisher.sink(
            receiveCompletion: { if case .failure = $0 { failed = true } },
            receiveValue: { values.append($0) })
        subject.send("a")
        subject.send(completion: .failure(.boom))
        #expect(values == ["a"])
        #expect(failed)
        cancellable.cancel()
    }

    @Test("Sends from many threads at once all arrive")
    func concurrentSends() {
        let subject = PassthroughSubject<Int, Never>()
        let lock = NSLock()
        var total = 0
        let cancellable = subject.sink { value in lock.withLock { total += value } }
        // Apple's subjects are safe to use from several threads but not declared `Sendable`, so
        // they cross into the concurrent closure in a box; the Linux subjects are `Sendable`.
        let shared = UncheckedSendableBox(subject)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in shared.value.send(1) }
        #expect(lock.withLock { total } == 1000)
        cancellable.cancel()
    }
}

/// Carries a value that is safe across threads but not declared `Sendable` into a `@Sendable` closure.
private struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
