import Foundation
import Networking
import Testing

/// The session managers this platform has; the engine tests run against each.
enum SessionEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession = "URLSession"
    case curl = "libcurl"

    var testDescription: String { rawValue }

    static var available: [SessionEngine] {
        allCases.filter(\.isAvailable)
    }

    private var isAvailable: Bool {
        switch self {
        case .urlSession:
            #if canImport(Darwin) || URLSESSION_ENGINE
                return true
            #else
                return false
            #endif
        case .curl:
            #if os(Linux)
                return true
            #else
                return false
            #endif
        }
    }

    /// - Parameters:
    ///   - timeout: Seconds a request may take.
    ///   - maximumBodyBytes: The body limit.
    ///   - environment: Where the libcurl engine reads certificate-authority variables.
    /// - Returns: A new session manager of this engine.
    func make(
        timeout: TimeInterval,
        maximumBodyBytes: Int = SessionLimits.maximumBodyBytes,
        environment: [String: String] = [:]
    ) -> any NetworkSessionManager {
        if let manager = manager(timeout: timeout, maximumBodyBytes: maximumBodyBytes, environment: environment) {
            return manager
        }
        Issue.record("\(rawValue) is not available on this platform")  // `available` never offers it
        return UnavailableSessionManager()
    }

    private func manager(
        timeout: TimeInterval, maximumBodyBytes: Int, environment: [String: String]
    ) -> (any NetworkSessionManager)? {
        switch self {
        case .urlSession:
            #if canImport(Darwin) || URLSESSION_ENGINE
                return URLSessionNetworkSessionManager(timeout: timeout, maximumBodyBytes: maximumBodyBytes)
            #else
                return nil
            #endif
        case .curl:
            #if os(Linux)
                return CurlNetworkSessionManager(
                    timeout: timeout, maximumBodyBytes: maximumBodyBytes, environment: environment)
            #else
                return nil
            #endif
        }
    }
}

private struct UnavailableSessionManager: NetworkSessionManager {
    func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw NetworkError.other("no such engine on this platform")
    }
}
