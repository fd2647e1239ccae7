import Foundation
import Platform

/// Builds the request from the configuration, performs it through the session manager, and
/// turns anything but a 2xx HTTP answer into a `NetworkError`. The configuration's timeout
/// bounds each request as a whole (connection, headers and body), whatever the engine.
public struct DefaultNetworkService: NetworkService {
    private let configuration: any NetworkConfigurable
    private let sessionManager: any NetworkSessionManager
    private let logger: any NetworkLogger

    /// - Parameters:
    ///   - configuration: Base URL, shared headers and query, timeout.
    ///   - sessionManager: Performs the requests.
    ///   - logger: Told of every finished request.
    public init(
        configuration: any NetworkConfigurable,
        sessionManager: any NetworkSessionManager,
        logger: any NetworkLogger = SilentNetworkLogger()
    ) {
        self.configuration = configuration
        self.sessionManager = sessionManager
        self.logger = logger
    }

    public func request(_ endpoint: any Requestable) async throws(NetworkError) -> NetworkResponse {
        let request: HTTPRequest
        do {
            request = try endpoint.httpRequest(with: configuration)
        } catch {
            throw .urlGeneration(error)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<NetworkResponse, NetworkError>
        do {
            result = .success(try await exchange(request))
        } catch {
            result = .failure(error)
        }
        logger.log(event(for: request, endpoint: endpoint, result: result, duration: clock.now - start))
        return try result.get()
    }

    /// Sends the request and reads the whole answer, body included, within the configuration's
    /// timeout — measured here, above the session manager, so it holds for any engine, and as
    /// a total: a body that trickles in a byte at a time cannot stretch it.
    private func exchange(_ request: HTTPRequest) async throws(NetworkError) -> NetworkResponse {
        let sessionManager = sessionManager
        return try await TimeLimit.run(.seconds(configuration.timeout), expired: .timedOut, cancelled: .cancelled) {
            () async throws(NetworkError) -> NetworkResponse in
            let data: Data
            let response: HTTPResponse
            do {
                (data, response) = try await sessionManager.data(for: request)
            } catch {
                throw Self.explained(Self.networkError(from: error))
            }
            return try Self.check(data: data, response: response).get()
        }
    }

    private static func check(data: Data, response: HTTPResponse) -> Result<NetworkResponse, NetworkError> {
        guard (200..<300).contains(response.statusCode) else {
            return .failure(
                .httpStatus(HTTPFailure(statusCode: response.statusCode, body: data, headers: response.headers)))
        }
        return .success(NetworkResponse(statusCode: response.statusCode, body: data, headers: response.headers))
    }

    /// A transport failure that could come from having no file descriptor left is that, when no
    /// descriptor can be opened now: engines report EMFILE as "could not connect" or not at all.
    /// - Parameters:
    ///   - error: The mapped transport failure.
    ///   - limitReached: Whether no descriptor can be opened now (tests pass their own).
    static func explained(
        _ error: NetworkError, limitReached: () -> Bool = OpenFileLimit.isReached
    ) -> NetworkError {
        switch error {
        case .cannotConnect, .connectionLost, .hostNotFound, .notConnected, .invalidResponse, .other:
            return limitReached() ? .tooManyOpenFiles : error
        default:
            return error
        }
    }

    /// Engines report `NetworkError`s themselves; cancellation and anything unknown are mapped here.
    static func networkError(from error: any Error) -> NetworkError {
        if let networkError = error as? NetworkError { return networkError }
        if error is CancellationError { return .cancelled }
        return .other(String(describing: error))
    }

    private func event(
        for request: HTTPRequest,
        endpoint: any Requestable,
        result: Result<NetworkResponse, NetworkError>,
        duration: Duration
    ) -> NetworkEvent {
        let outcome: NetworkEvent.Outcome
        switch result {
        case .success(let response):
            outcome = .response(statusCode: response.statusCode, bytes: response.body.count)
        case .failure(.httpStatus(let failure)):
            outcome = .response(statusCode: failure.statusCode, bytes: failure.body.count)
        case .failure(let error):
            outcome = .failure(error)
        }
        return NetworkEvent(method: endpoint.method, url: request.url, outcome: outcome, duration: duration)
    }
}
