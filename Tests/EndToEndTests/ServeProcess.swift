import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mvsearch serve --listen 127.0.0.1:0` started against a fake iTunes, with folders of its own,
/// ready once its first stderr line names where it serves.
struct ServeProcess {
    let live: LiveProcess
    /// `http://127.0.0.1:PORT` (no trailing slash).
    let root: String
    let port: Int
    /// The environment it runs in: its cache and state folders.
    let environment: [String: String]

    /// Starts it and waits for `mvsearch: serving http://HOST:PORT/`.
    /// - Parameters:
    ///   - fake: The iTunes it asks (`--base-url`); none for arguments that name their own.
    ///   - arguments: More arguments after `serve --listen 127.0.0.1:0`.
    static func start(
        fake: LoopbackHTTPServer?, _ arguments: [String] = [], listen: String = "127.0.0.1:0",
        environment: [String: String] = MVSearchProcess.environment(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ServeProcess {
        let base = fake.map { ["--base-url", $0.baseURL.absoluteString] } ?? []
        let live = try LiveProcess(["serve", "--listen", listen] + base + arguments, environment: environment)
        let line = await live.errorLine { $0.hasPrefix("mvsearch: serving http://") }
        let serving = try #require(line, "serve did not start: \(live.errorText)", sourceLocation: sourceLocation)
        let url = String(serving.dropFirst("mvsearch: serving ".count))
        let root = url.hasSuffix("/") ? String(url.dropLast()) : url
        let port = try #require(root.split(separator: ":").last.flatMap { Int($0) }, sourceLocation: sourceLocation)
        return ServeProcess(live: live, root: root, port: port, environment: environment)
    }

    /// Stops it with SIGTERM and returns its exit status (`nil` when it did not stop in time).
    @discardableResult
    func stop() async -> Int32? {
        live.signal(SIGTERM)
        return await live.exitStatus()
    }
}
