import Foundation
import Networking
import Synchronization

/// Builds the service it stands for on the first request. Behind the response cache this means
/// an answer from the cache never pays for creating a `URLSession` (and libcurl) it won't use.
public final class LazyDataTransferService: BodyKeepingDataTransferService, Sendable {
    private let make: @Sendable () -> any BodyKeepingDataTransferService
    /// The service, once made.
    private let service = Mutex<(any BodyKeepingDataTransferService)?>(nil)

    /// - Parameter make: Builds the real service; called at most once.
    public init(_ make: @escaping @Sendable () -> any BodyKeepingDataTransferService) {
        self.make = make
    }

    public func decodedResponse<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError)
        -> DecodedResponse<E.Response>
    {
        try await resolved().decodedResponse(endpoint)
    }

    private func resolved() -> any BodyKeepingDataTransferService {
        service.withLock { service in
            if let service { return service }
            let made = make()
            service = made
            return made
        }
    }
}
