import Foundation
import Networking
import Synchronization

/// Builds the service it stands for on the first request. Behind the response cache this means
/// an answer from the cache never pays for creating a `URLSession` (and libcurl) it won't use.
final class LazyDataTransferService: DataTransferService, @unchecked Sendable {
    private let make: @Sendable () -> any DataTransferService
    private let lock = Mutex(())
    private var service: (any DataTransferService)?

    /// - Parameter make: Builds the real service; called at most once.
    init(_ make: @escaping @Sendable () -> any DataTransferService) {
        self.make = make
    }

    func request<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError) -> E.Response {
        try await resolved().request(endpoint)
    }

    private func resolved() -> any DataTransferService {
        lock.withLock { _ in
            if let service { return service }
            let made = make()
            service = made
            return made
        }
    }
}
