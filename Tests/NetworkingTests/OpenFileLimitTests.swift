import Foundation
import Platform
import Testing

@testable import Networking

@Suite("Running out of file descriptors is named as such")
struct OpenFileLimitTests {
    @Test(
        "Given no descriptor left, a failure to connect (or one the engine cannot explain) is too many open files",
        arguments: [
            NetworkError.cannotConnect, .connectionLost, .hostNotFound, .notConnected, .invalidResponse,
            .other("Couldn't connect to server"),
        ])
    func namedWhenTheLimitIsReached(error: NetworkError) {
        #expect(DefaultNetworkService.explained(error, limitReached: { true }) == .tooManyOpenFiles)
        #expect(DefaultNetworkService.explained(error, limitReached: { false }) == error)
    }

    @Test(
        "Failures that descriptors cannot cause keep their meaning",
        arguments: [
            NetworkError.timedOut, .cancelled, .responseTooLarge(limit: 1), .httpStatus(HTTPFailure(statusCode: 503)),
        ])
    func otherFailuresUnchanged(error: NetworkError) {
        #expect(DefaultNetworkService.explained(error, limitReached: { true }) == error)
    }

    @Test("With descriptors to spare, the limit is not reached")
    func notReached() {
        #expect(!OpenFileLimit.isReached())
    }
}
