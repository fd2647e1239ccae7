import Domain
import Foundation
import Reactive

/// How every list view model loads: one request at a time (a new one cancels the last), the
/// loading state published around it, a failure published as an event, and nothing at all for
/// a request that was cancelled. A view model keeps its own items; this keeps the rest.
@MainActor
final class ListLoader<Value: Sendable> {
    private let loadingSubject = CurrentValueSubject<ListLoading, Never>(.idle)
    private let errorSubject = PassthroughSubject<CatalogError, Never>()
    private let request = RequestTask<Value>()

    /// Current value: whether and what is loading.
    let loading: AnyPublisher<ListLoading, Never>
    /// Event: a load failed.
    let error: AnyPublisher<CatalogError, Never>

    init() {
        loading = loadingSubject.eraseToAnyPublisher()
        error = errorSubject.eraseToAnyPublisher()
    }

    /// Whether nothing is loading.
    var isIdle: Bool { loadingSubject.value == .idle }

    /// Runs one request.
    /// - Parameters:
    ///   - kind: What is loading, published while it runs.
    ///   - failed: Told of a failure before it is published (to offer a retry).
    ///   - operation: The request.
    /// - Returns: Its value; `nil` when it failed (the error is published) or was cancelled.
    func load(
        as kind: ListLoading, failed: (CatalogError) -> Void = { _ in },
        _ operation: @escaping @Sendable () async throws(CatalogError) -> Value
    ) async -> Value? {
        loadingSubject.send(kind)
        let result = await request.run(operation)
        loadingSubject.send(.idle)
        switch result {
        case .success(let value)?:
            return value
        case .failure(let error)?:
            failed(error)
            errorSubject.send(error)
            return nil
        case nil:
            return nil
        }
    }

    /// Publishes a failure that happened out of sight (a page fetched in the background), now
    /// that the user reached what it failed to load.
    func report(_ error: CatalogError) {
        errorSubject.send(error)
    }

    /// Cancels the request in flight; nothing is published for it.
    func cancel() {
        request.cancel()
    }
}
