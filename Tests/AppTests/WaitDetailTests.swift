import Foundation
import Mocks
import Networking
import TerminalUI
import Testing

@testable import App

@Suite("What a wait says: the retry detail")
struct WaitDetailTextTests {
    private func notice(
        _ reason: RetryNotice.Reason, attempt: Int = 2, delay: Duration = .milliseconds(400),
        retryAfter: Duration? = nil
    ) -> RetryNotice {
        RetryNotice(
            request: 1, attempt: attempt, maximumAttempts: 3, reason: reason, delay: delay, retryAfter: retryAfter)
    }

    @Test(
        "Given each kind of retry, then one short line: the reason, the try of the maximum, the seconds asked",
        arguments: [
            (RetryNotice.Reason.httpStatus(503, rateLimited: false), nil, "HTTP 503 · retrying 2 of 3"),
            (
                .httpStatus(503, rateLimited: false), Duration.seconds(2),
                "HTTP 503 · retrying 2 of 3 after 2 s"
            ),
            (.httpStatus(429, rateLimited: true), .seconds(4), "rate-limited · retrying after 4 s"),
            (
                .httpStatus(502, rateLimited: false), .milliseconds(200),
                "HTTP 502 · retrying 2 of 3 after 1 s"
            ),
            (.connectionLost, nil, "connection lost · retrying 2 of 3"),
            (.invalidResponse, nil, "unreadable answer · retrying 2 of 3"),
            (.htmlPage, nil, "a web page instead of data · retrying 2 of 3"),
        ] as [(RetryNotice.Reason, Duration?, String)])
    func text(reason: RetryNotice.Reason, retryAfter: Duration?, expected: String) {
        #expect(WaitDetail.text(for: notice(reason, retryAfter: retryAfter)) == expected)
    }

    @Test(
        "Given a wait for the request budget, then how long in whole seconds (rounded up) and the rate in words",
        arguments: [
            (Duration.seconds(2), "20/60", "waiting 2 s for the request budget (20 a minute)"),
            (.milliseconds(200), "3/10", "waiting 1 s for the request budget (3 in 10 s)"),
            (.milliseconds(35_400), "100/3600", "waiting 36 s for the request budget (100 an hour)"),
        ])
    func budgetText(wait: Duration, rate: String, expected: String) throws {
        let rate = try #require(RequestRate(parsing: rate))
        #expect(WaitDetail.text(for: RateBudgetNotice(request: 1, wait: wait, rate: rate)) == expected)
    }
}

@MainActor
@Suite("A wait's detail, from the requests made for it")
struct RequestProgressTrackerTests {
    /// What `onChange` was told, in order.
    private final class Changes: Sendable {
        let values = Locked<[String?]>([])
        func record(_ value: String?) { values.withLock { $0.append(value) } }
    }

    private static func retrying(_ request: Int, _ status: Int, rateLimited: Bool = false) -> RequestProgressEvent {
        .retrying(
            RetryNotice(
                request: request, attempt: 2, maximumAttempts: 3, reason: .httpStatus(status, rateLimited: rateLimited),
                delay: .seconds(3), retryAfter: rateLimited ? .seconds(3) : nil))
    }

    @Test(
        "Given two requests retrying, the newest report shows; when it ends the other's shows; closed, nil, and no more"
    )
    func newestWins() async {
        let changes = Changes()
        let tracker = RequestProgressTracker { changes.record($0) }
        tracker.receive(Self.retrying(1, 503))
        await eventually { changes.values.value == ["HTTP 503 · retrying 2 of 3"] }
        tracker.receive(Self.retrying(2, 429, rateLimited: true))
        await eventually { changes.values.value.last == "rate-limited · retrying after 3 s" }
        tracker.receive(.finished(request: 2))
        await eventually { changes.values.value.count == 3 }
        tracker.close()
        #expect(
            changes.values.value == [
                "HTTP 503 · retrying 2 of 3", "rate-limited · retrying after 3 s",
                "HTTP 503 · retrying 2 of 3",
                nil,
            ])
        #expect(!tracker.receive(Self.retrying(3, 500)))
    }

    @Test("Given a wait for the request budget, then it shows until that request's wait ends, then the retry again")
    func budgetWait() async throws {
        let changes = Changes()
        let tracker = RequestProgressTracker { changes.record($0) }
        let rate = try #require(RequestRate(parsing: "20/60"))
        tracker.receive(Self.retrying(1, 503))
        await eventually { changes.values.value == ["HTTP 503 · retrying 2 of 3"] }
        tracker.receive(.waitingForBudget(RateBudgetNotice(request: 7, wait: .seconds(2), rate: rate)))
        await eventually { changes.values.value.last == "waiting 2 s for the request budget (20 a minute)" }
        tracker.receive(.finished(request: 7))
        await eventually { changes.values.value.count == 3 }
        tracker.close()
        #expect(
            changes.values.value == [
                "HTTP 503 · retrying 2 of 3", "waiting 2 s for the request budget (20 a minute)",
                "HTTP 503 · retrying 2 of 3", nil,
            ])
    }

    @Test("Given a wait with no retry, then onChange is never called")
    func quiet() async {
        let changes = Changes()
        let value = await withRequestProgress({ changes.record($0) }, operation: { 42 })
        #expect(value == 42)
        #expect(changes.values.value.isEmpty)
    }

    /// Given a request that retries in the line session's wait and a background one it starts, then
    /// only the wait's retry is shown, cleared when the wait ends; the background retry after it is not.
    @Test("A background request started in a wait does not take over the wait's detail")
    func backgroundDoesNotHijack() async throws {
        let changes = Changes()
        let background = AsyncStream<Void>.makeStream()
        let calls = Locked<[String]>([])
        let network = MockNetworkService { endpoint throws(NetworkError) in
            let path = endpoint.path
            let count = calls.withLock { calls -> Int in
                calls.append(path)
                return calls.filter { $0 == path }.count
            }
            if path == "background", count == 1 {
                for await _ in background.stream { break }  // held until the wait is over
            }
            if path == "foreground", count == 2 {
                // The retry is on the screen before the answer comes.
                await eventually { changes.values.value == ["HTTP 503 · retrying 2 of 3"] }
            }
            if count == 1 { throw .httpStatus(HTTPFailure(statusCode: path == "foreground" ? 503 : 500)) }
            return NetworkResponse(statusCode: 200, body: Data("{}".utf8))
        }
        let service = RetryingDataTransferService(
            wrapping: DefaultDataTransferService(networkService: network), policy: RetryPolicy(), sleep: { _ in })
        struct Empty: Decodable, Sendable {}
        let prefetch = Locked<Task<Void, Never>?>(nil)
        let requests = RequestScope(progress: { changes.record($0) })
        let cancelled = await requests.run {
            _ = try? await service.request(Endpoint<Empty>(path: "foreground"))
            // A page fetched in the background, started as the wait ends (as a list's prefetch is).
            prefetch.withLock { $0 = Task { _ = try? await service.request(Endpoint<Empty>(path: "background")) } }
        }
        #expect(!cancelled)
        #expect(changes.values.value == ["HTTP 503 · retrying 2 of 3", nil])
        background.continuation.finish()
        await prefetch.value?.value
        #expect(calls.value.filter { $0 == "background" }.count == 2)
        #expect(changes.values.value == ["HTTP 503 · retrying 2 of 3", nil])
    }
}
