import Foundation
import Mocks
import Networking
import Testing

/// The session manager over a mock engine and a budget on a clock the test sets; sleeps are
/// recorded, not slept, but for the cancellation test's.
@Suite("Requests wait for the request budget")
struct RateBudgetedSessionManagerTests {
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

    /// Sleeping moves the clock on, as a real wait would.
    private func manager(_ budget: any RateBudget, logger: any NetworkLogger = SilentNetworkLogger())
        -> RateBudgetedSessionManager
    {
        let (clock, sleeps) = (clock, sleeps)
        return RateBudgetedSessionManager(wrapping: engine, budget: budget, logger: logger) { duration in
            sleeps.withLock { $0.append(duration) }
            let (seconds, attoseconds) = duration.components
            clock.withLock { $0 = $0.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18) }
        }
    }

    private func request(timeout: TimeInterval = 30) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: "https://example.com/search")), timeout: timeout)
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
        let session = manager(try budget("2/10"), logger: logger)
        let events = try await reported {
            for _ in 0..<3 { _ = try await session.data(for: try request()) }
        }
        #expect(sleeps.value == [.seconds(10)])
        #expect(engine.requests.count == 3)
        let notice = try #require(logger.waits.value.first)
        #expect(notice.wait == .seconds(10) && notice.rate.description == "2/10")
        #expect(events == [.waitingForBudget(notice), .finished(request: notice.request)])
    }

    @Test("Given a wait longer than the request may wait, then it fails at once as budget-exhausted, unsent")
    func tooLongFailsAtOnce() async throws {
        let session = manager(try budget("1/60"))
        _ = try await session.data(for: try request())
        #expect(RateBudgetedSessionManager.maximumWait(timeout: 30) == .seconds(20))
        let tooLong = try request(timeout: 30)
        let events = await reported {
            await #expect(throws: NetworkError.rateBudgetExhausted(retryAfter: .seconds(60))) {
                try await session.data(for: tooLong)
            }
        }
        #expect(events.isEmpty)
        #expect(sleeps.value.isEmpty)
        #expect(engine.requests.count == 1)
    }

    @Test("Given the budget-exhausted failure through the network service, then it keeps its retry-after")
    func throughNetworkService() async throws {
        let session = manager(try budget("1/60"))
        let configuration = APINetworkConfiguration(baseURL: try #require(URL(string: "https://example.com")))
        let service = DefaultNetworkService(configuration: configuration, sessionManager: session)
        let endpoint = Endpoint<Data>(path: "search", responseDecoder: RawDataResponseDecoder(maximumBytes: 1024))
        _ = try await service.request(endpoint)
        await #expect(throws: NetworkError.rateBudgetExhausted(retryAfter: .seconds(60))) {
            try await service.request(endpoint)
        }
    }

    @Test("Given a request waiting for its slot, when its task is cancelled, then the wait ends at once")
    func cancellationEndsWait() async throws {
        let budget = try budget("1/60")
        let session = RateBudgetedSessionManager(wrapping: engine, budget: budget)
        _ = try await session.data(for: try request(timeout: 600))
        let (waiting, signal) = AsyncStream.makeStream(of: Void.self)
        let observer = RequestProgressObserver { event in
            if case .waitingForBudget = event { signal.yield() }
        }
        let request = try request(timeout: 600)
        let task = Task {
            try await RequestProgress.$observer.withValue(observer) { try await session.data(for: request) }
        }
        var iterator = waiting.makeAsyncIterator()
        await iterator.next()
        let clock = ContinuousClock()
        let cancelled = clock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now - cancelled < .seconds(5))
        #expect(engine.requests.count == 1)
    }
}
