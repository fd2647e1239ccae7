import Catalog
import Domain
import XCTest

final class OperationFailureTests: XCTestCase {
    func testGivenASpentRequestBudgetThenItIsRateLimitedWith429AndSaysTheRequestWasNotSent() {
        // When
        let failure = OperationFailure(.requestBudgetSpent(retryAfter: 41.2, rate: "20 a minute"))

        // Then: the same status and Retry-After as the service's own refusal, other words.
        XCTAssertEqual(failure.kind, .rateLimited(retryAfter: 41.2))
        XCTAssertEqual(failure.code, "rate_limited")
        XCTAssertEqual(CatalogHTTPService.status(of: failure), 429)
        XCTAssertEqual(
            failure.message,
            "the request was not sent: the request budget shared by the user's mvsearch processes (20 a minute)"
                + " is spent for 42 seconds more")
        XCTAssertEqual(failure.hint, "call again in 42 seconds")
    }

    func testGivenTheServicesOwnRefusalThenItStillSaysTheServiceLimitsRequests() {
        // When
        let failure = OperationFailure(.rateLimited(retryAfter: nil))

        // Then
        XCTAssertEqual(failure.kind, .rateLimited(retryAfter: nil))
        XCTAssertEqual(CatalogHTTPService.status(of: failure), 429)
        XCTAssertEqual(failure.message, "the iTunes service allows about 20 requests a minute and this one must wait")
    }
}
