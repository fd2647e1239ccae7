import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `NetworkSessionManager` over an ephemeral `URLSession`: no cookies, no shared URL cache.
///
/// Cancelling the calling task cancels the `URLSessionDataTask` itself, so the connection is
/// closed at once rather than left to finish in the background.
public final class DefaultNetworkSessionManager: NetworkSessionManager {
    private let session: URLSession

    /// - Parameter timeout: Seconds a request may wait for data before it times out.
    public init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let taskBox = Mutex<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                taskBox.withLock { $0 = task }
                task.resume()
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            taskBox.withLock { $0 }?.cancel()
        }
    }
}
