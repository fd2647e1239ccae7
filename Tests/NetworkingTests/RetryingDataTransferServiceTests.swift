import Foundation
import Mocks
import Networking
import Testing

/// The retry decorator over the real decoding step and a scripted network service, with a
/// virtual clock: waits are recorded, never slept.
@Suite("Retrying decorator")
struct RetryingDataTransferServiceTests {
    private struct Body: Decodable, Sendable, Equatable { let value: Int }

    /// What one try gets from the network: a 2xx body, or a failure.
    typealias Try = Result<String, NetworkError>

    /// Answers each try from `script` in turn (the last entry repeats) and records the waits.
    private final class Harness: Sendable {
        let attempts = Locked(0)
        let waits = Locked<[Duration]>([])
        let time = Locked(Duration.zero)
        let service: RetryingDataTransferService

        init(
            policy: RetryPolicy,
            timePerTry: Duration = .zero,
            jitter: Double = 1,
            script: [Try]
        ) {
            let attempts = attempts
            let time = time
            let waits = waits
            let network = MockNetworkService { _ throws(NetworkError) in
                let index = attempts.withLock { count -> Int in
                    defer { count += 1 }
                    return count
                }
                time.withLock { $0 += timePerTry }
                return NetworkResponse(statusCode: 200, body: Data(try script[min(index, script.count - 1)].get().utf8))
            }
            service = RetryingDataTransferService(
                wrapping: DefaultDataTransferService(networkService: network),
                policy: policy,
                now: { time.value },
                sleep: { wait in
                    waits.withLock { $0.append(wait) }
                    time.withLock { $0 += wait }
                },
                jitter: { jitter }
            )
        }

        func request(method: HTTPMethod = .get) async throws(DataTransferError) -> Body {
            try await service.request(Endpoint<Body>(path: "search", method: method))
        }
    }

    private static func status(_ code: Int, retryAfter: String? = nil) -> Try {
        .failure(.httpStatus(HTTPFailure(statusCode: code, headers: retryAfter.map { ["Retry-After": $0] } ?? [:])))
    }

    private static func value(_ value: Int) -> Try { .success(#"{"value":\#(value)}"#) }

    @Test("Given a server that fails twice then answers, the third try succeeds after two growing waits")
    func failsTwiceThenAnswers() async throws {
        let harness = Harness(policy: RetryPolicy(), script: [Self.status(503), Self.status(500), Self.value(7)])
        #expect(try await harness.request() == Body(value: 7))
        #expect(harness.attempts.value == 3)
        #expect(harness.waits.value == [.milliseconds(400), .milliseconds(800)])
    }

    @Test("Jitter takes up to half of each wait")
    func jitter() async {
        let harness = Harness(policy: RetryPolicy(), jitter: 0.5, script: [Self.status(502)])
        _ = try? await harness.request()
        #expect(harness.waits.value == [.milliseconds(200), .milliseconds(400)])
    }

    @Test("After the last retry the last failure is thrown")
    func givesUp() async {
        let harness = Harness(policy: RetryPolicy(maximumRetries: 3), script: [Self.status(500)])
        await #expect(throws: DataTransferError.networkFailure(.httpStatus(HTTPFailure(statusCode: 500)))) {
            _ = try await harness.request()
        }
        #expect(harness.attempts.value == 4)
    }

    @Test(
        "Failures a retry cannot mend are thrown at once",
        arguments: [
            status(400), status(404), status(403), .failure(.timedOut), .failure(.cannotConnect),
            .failure(.hostNotFound), .failure(.notConnected), .failure(.cancelled),
            .success("{\"value\":"), .success("[]"), .success(" "),  // malformed, unexpected shape, no response
            .failure(.responseTooLarge(limit: 1)), .failure(.headersTooLarge),
            .failure(.proxyRefused(ProxyRefusal(statusCode: 407, variable: "https_proxy"))),
            .failure(.proxyRefused(ProxyRefusal(statusCode: 502, variable: "https_proxy"))),
            .failure(
                .libraryUnavailable(
                    LibraryProblem(library: "libcurl.so.4", package: "libcurl4", kind: .missing(reason: "x")))),
        ] as [Try])
    func notRetried(failure: Try) async {
        let harness = Harness(policy: RetryPolicy(), script: [failure, Self.value(1)])
        _ = try? await harness.request()
        #expect(harness.attempts.value == 1)
    }

    @Test(
        "Broken connections and HTML error pages are retried",
        arguments: [
            Try.failure(.connectionLost), .failure(.invalidResponse), .success("<html><body>Busy</body></html>"),
        ])
    func transient(failure: Try) async throws {
        let harness = Harness(policy: RetryPolicy(), script: [failure, Self.value(2)])
        #expect(try await harness.request() == Body(value: 2))
        #expect(harness.attempts.value == 2)
    }

    @Test("Given an HTML page then an answer, then the body handed on is the answer's, the one that decoded")
    func bodyOfTheTryThatDecoded() async throws {
        let harness = Harness(policy: RetryPolicy(), script: [.success("<html>Busy</html>"), Self.value(3)])
        let response = try await harness.service.decodedResponse(Endpoint<Body>(path: "search"))
        #expect(response.value == Body(value: 3))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"value":3}"#)
    }

    @Test("A rate-limit answer is retried once, after the Retry-After it gives, if that is short")
    func rateLimitedOnce() async {
        let policy = RetryPolicy(rateLimitStatusCodes: [403, 429])
        let harness = Harness(policy: policy, script: [Self.status(429, retryAfter: "2")])
        _ = try? await harness.request()
        #expect(harness.attempts.value == 2)
        #expect(harness.waits.value == [.seconds(2)])

        let long = Harness(policy: policy, script: [Self.status(429, retryAfter: "60")])
        _ = try? await long.request()
        #expect(long.attempts.value == 1)

        let silent = Harness(policy: policy, script: [Self.status(403)])
        _ = try? await silent.request()
        #expect(silent.attempts.value == 1)
    }

    @Test("A server error's Retry-After is honoured up to the cap, and past it ends the retries")
    func serverRetryAfter() async {
        let harness = Harness(policy: RetryPolicy(), script: [Self.status(503, retryAfter: "3"), Self.value(1)])
        _ = try? await harness.request()
        #expect(harness.waits.value == [.seconds(3)])

        let tooLong = Harness(policy: RetryPolicy(), script: [Self.status(503, retryAfter: "120"), Self.value(1)])
        _ = try? await tooLong.request()
        #expect(tooLong.attempts.value == 1)
    }

    @Test("No retry starts that would end past the overall deadline")
    func deadline() async {
        let policy = RetryPolicy(maximumRetries: 5, deadline: .seconds(3))
        let harness = Harness(policy: policy, timePerTry: .seconds(1), script: [Self.status(500)])
        _ = try? await harness.request()
        #expect(harness.attempts.value == 2)
        #expect(harness.time.value <= .seconds(3))
    }

    @Test("Requests that are not idempotent are never retried")
    func postNotRetried() async {
        let harness = Harness(policy: RetryPolicy(), script: [Self.status(503), Self.value(1)])
        _ = try? await harness.request(method: .post)
        #expect(harness.attempts.value == 1)
    }

    @Test("Cancellation during a wait ends the request as cancelled")
    func cancelledWhileWaiting() async {
        let service = RetryingDataTransferService(
            wrapping: DefaultDataTransferService(networkService: MockNetworkService.failing(with: .connectionLost)),
            policy: RetryPolicy(), sleep: { _ in throw CancellationError() })
        await #expect(throws: DataTransferError.networkFailure(.cancelled)) {
            _ = try await service.request(Endpoint<Body>(path: "x"))
        }
    }

    /// Runs `request` with an observer set, and returns what it was told.
    private func reported(_ request: () async -> Void) async -> [RequestProgressEvent] {
        let events = Locked<[RequestProgressEvent]>([])
        let observer = RequestProgressObserver { event in events.withLock { $0.append(event) } }
        await RequestProgress.$observer.withValue(observer) { await request() }
        return events.value
    }

    @Test("Given an observer, each retry is reported with its try, the maximum, the status and the wait, then the end")
    func reportsRetries() async throws {
        let harness = Harness(policy: RetryPolicy(), script: [Self.status(503), Self.status(500), Self.value(7)])
        let events = await reported { _ = try? await harness.request() }
        guard case .retrying(let first) = events.first else {
            Issue.record("no retry reported: \(events)")
            return
        }
        #expect(
            events == [
                .retrying(
                    RetryNotice(
                        request: first.request, attempt: 2, maximumAttempts: 3,
                        reason: .httpStatus(503, rateLimited: false), delay: .milliseconds(400), retryAfter: nil)),
                .retrying(
                    RetryNotice(
                        request: first.request, attempt: 3, maximumAttempts: 3,
                        reason: .httpStatus(500, rateLimited: false), delay: .milliseconds(800), retryAfter: nil)),
                .finished(request: first.request),
            ])
    }

    @Test("Given a 429 with Retry-After, the retry is reported as rate-limited, waiting the seconds asked")
    func reportsRateLimit() async {
        let harness = Harness(policy: RetryPolicy(), script: [Self.status(429, retryAfter: "3"), Self.value(1)])
        let events = await reported { _ = try? await harness.request() }
        #expect(
            events.first.map {
                guard case .retrying(let notice) = $0 else { return false }
                return notice.reason == .httpStatus(429, rateLimited: true) && notice.retryAfter == .seconds(3)
                    && notice.delay == .seconds(3) && notice.attempt == 2
            } == true, "\(events)")
    }

    @Test("Given a broken connection then an HTML page, the reasons are the transport's, and two requests differ")
    func reportsTransportReasons() async {
        let harness = Harness(
            policy: RetryPolicy(), script: [.failure(.connectionLost), .success("<html>Busy</html>"), Self.value(1)])
        let events = await reported {
            _ = try? await harness.request()
            _ = try? await harness.request()
        }
        let reasons = events.compactMap { event -> RetryNotice.Reason? in
            if case .retrying(let notice) = event { return notice.reason }
            return nil
        }
        #expect(reasons == [.connectionLost, .htmlPage])
        let finished = events.compactMap { event -> Int? in
            if case .finished(let request) = event { return request }
            return nil
        }
        #expect(finished.count == 2 && finished[0] != finished[1])
    }
}
