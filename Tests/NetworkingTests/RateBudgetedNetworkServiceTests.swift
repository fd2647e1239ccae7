import Foundation
import Mocks
import Networking
import Testing

/// The budgeted network service over a mock engine and a budget on a clock the test sets; sleeps
/// are recorded, not slept, but for the cancellation test's.
@Suite("Requests wait for the request budget")
struct RateBudgetedNetworkServiceTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let clock = Locked(start)
    private let sleeps = Locked<[Duration]>([])
    private let engine = MockNetworkSessionManager.answering(body: Data("{}".utf8))

    private final class RecordingLogger: NetworkLogger {
        let waits = Locked<[RateBudgetNotice]>([])
        func log(_ event: NetworkEvent) {}
        func log(budgetWait notice: RateBudgetNotice) { waits.withLock { $0.append(notice) } }
    }

    private func budget(_ text: String) throws -> LocalRateBudget {
        let clock = clock
        return LocalRateBudget(rate: try #require(RequestRate(parsing: text))) { clock.value }
    }

    private func network(_ engine: MockNetworkSessionManager) throws -> DefaultNetworkService {
        let configuration = APINetworkConfiguration(baseURL: try #require(URL(string: "https://example.com")))
        return DefaultNetworkService(configuration: configuration, sessionManager: engine)
    }

    private let endpoint = Endpoint<Data>(path: "search", responseDecoder: RawDataResponseDecoder(maximumBytes: 1024))

    /// Sleeping moves the clock on, as a real wait would.
    private func service(
        _ budget: any RateBudget, maximumWait: Duration = .seconds(30),
        logger: any NetworkLogger = SilentNetworkLogger()
    ) throws -> RateBudgetedNetworkService {
        let (clock, sleeps) = (clock, sleeps)
        return RateBudgetedNetworkService(
            wrapping: try network(engine), budget: budget, maximumWait: maximumWait, logger: logger
        ) { duration in
            sleeps.withLock { $0.append(duration) }
            let (seconds, attoseconds) = duration.components
            clock.withLock { $0 = $0.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18) }
        }
    }

    private func reported(_ work: () async throws -> Void) async rethrows -> [RequestProgressEvent] {
        let events = Locked<[RequestProgressEvent]>([])
        let observer = RequestProgressObserver { event in events.withLock { $0.append(event) } }
        try await RequestProgress.$observer.withValue(observer) { try await work() }
        return events.value
    }

    @Test("Given the budget spent, then the request waits once for the slot, says so, and is then sent")
    func waitsAndReports() async throws {
        let logger = RecordingLogger()
        let session = try service(try budget("2/10"), logger: logger)
        let events = try await reported {
            for _ in 0..<3 { _ = try await session.request(endpoint) }
        }
        #expect(sleeps.value == [.seconds(10)])
        #expect(engine.requests.count == 3)
        let notice = try #require(logger.waits.value.first)
        #expect(notice.wait == .seconds(10) && notice.rate.description == "2/10")
        #expect(events == [.waitingForBudget(notice), .finished(request: notice.request)])
    }

    @Test("Given a wait longer than the request may wait, then it fails at once as budget-exhausted, unsent")
    func tooLongFailsAtOnce() async throws {
        let session = try service(try budget("1/60"), maximumWait: .seconds(30))
        let rate = try #require(RequestRate(parsing: "1/60"))
        _ = try await session.request(endpoint)
        let events = await reported {
            await #expect(throws: NetworkError.rateBudgetExhausted(retryAfter: .seconds(60), rate: rate)) {
                try await session.request(endpoint)
            }
        }
        #expect(events.isEmpty)
        #expect(sleeps.value.isEmpty)
        #expect(engine.requests.count == 1)
    }

    @Test("Given a wait within the request's own timeout, then the wait is not part of the exchange's timeout")
    func waitOutsideTheExchangeTimeout() async throws {
        // The exchange may take 1 s; the slot is 10 s off: the request waits, then is sent.
        let configuration = APINetworkConfiguration(
            baseURL: try #require(URL(string: "https://example.com")), timeout: 1)
        let (clock, sleeps) = (clock, sleeps)
        let session = RateBudgetedNetworkService(
            wrapping: DefaultNetworkService(configuration: configuration, sessionManager: engine),
            budget: try budget("1/10"), maximumWait: .seconds(15)
        ) { duration in
            sleeps.withLock { $0.append(duration) }
            clock.withLock { $0 = $0.addingTimeInterval(TimeInterval(duration.components.seconds)) }
        }
        _ = try await session.request(endpoint)
        _ = try await session.request(endpoint)
        #expect(sleeps.value == [.seconds(10)])
        #expect(engine.requests.count == 2)
    }

    @Test("Given a request waiting for its slot, when its task is cancelled, then the wait ends at once")
    func cancellationEndsWait() async throws {
        let budget = try budget("1/60")
        let session = RateBudgetedNetworkService(
            wrapping: try network(engine), budget: budget, maximumWait: .seconds(600))
        _ = try await session.request(endpoint)
        let (waiting, signal) = AsyncStream.makeStream(of: Void.self)
        let observer = RequestProgressObserver { event in
            if case .waitingForBudget = event { signal.yield() }
        }
        let endpoint = endpoint
        let task = Task {
            try await RequestProgress.$observer.withValue(observer) { try await session.request(endpoint) }
        }
        var iterator = waiting.makeAsyncIterator()
        await iterator.next()
        let clock = ContinuousClock()
        let cancelled = clock.now
        task.cancel()
        await #expect(throws: NetworkError.cancelled) { try await task.value }
        // Far sooner than the 60 s slot, with the slack a loaded machine needs.
        #expect(clock.now - cancelled < .seconds(30))
        #expect(engine.requests.count == 1)
    }
}
