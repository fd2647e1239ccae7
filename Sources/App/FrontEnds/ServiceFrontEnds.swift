import Catalog
import Dispatch
import Foundation
import HTTPServer
import MCPServer
import Networking
import Synchronization
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mvsearch serve` and `mvsearch mcp`: the catalogue's operations for other programs. Each
/// builds the service graph from the same resolved settings as the command line (searches
/// never remembered), hands the registry to Catalog's front end for its protocol, starts it,
/// and stops it when asked. Neither speaks HTTP or JSON-RPC itself: Catalog and the
/// infrastructure targets do.
@MainActor
enum ServiceFrontEnds {
    /// - Returns: 0 once stopped; 64 for bad settings, 69 when it cannot listen.
    static func run(
        _ frontEnd: FrontEnd, options: SearchOptions, configuration: AppConfiguration, environment: [String: String],
        console: Console, overrides: AppDIContainer.Overrides, registry: OperationRegistry = .standard
    ) async -> ExitStatus {
        let diagnostics = console.diagnostics
        let logger: any NetworkLogger =
            configuration.verbose ? DiagnosticNetworkLogger(output: diagnostics) : SilentNetworkLogger()
        let settings = configuration.catalogSettings(logger: logger, remembersSearches: false) { warning in
            diagnostics.write("mvsearch: warning: \(TerminalSanitizer.sanitize(warning))\n")
        }
        let services = CatalogServices(settings: settings, overrides: overrides.catalog)
        switch frontEnd {
        case .serve:
            let serve: ServeSettings
            do {
                serve = try ServeSettings(options: options, environment: environment)
            } catch {
                diagnostics.write("mvsearch: \(error.message)\n")
                return .usage
            }
            return await runServer(serve, registry: registry, services: services, console: console)
        case .mcp:
            return await runMCP(registry: registry, services: services, console: console)
        }
    }

    private static func runServer(
        _ settings: ServeSettings, registry: OperationRegistry, services: CatalogServices, console: Console
    ) async -> ExitStatus {
        let diagnostics = console.diagnostics
        let handler = CatalogHTTPService(
            registry: registry, services: services,
            access: CatalogHTTPService.Access(token: settings.token, corsOrigin: settings.corsOrigin))
        let writeLine: @Sendable (HTTPAccessLogEntry) -> Void = { entry in diagnostics.write(accessLine(entry)) }
        let log = services.settings.logger is SilentNetworkLogger ? nil : writeLine
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: settings.host, port: settings.port), handler: handler, log: log
        )
        let address: HTTPServerAddress
        do {
            address = try server.start()
        } catch {
            // The address in use is the error's whole sentence; another reason follows the address.
            let problem =
                if case .addressInUse = error { "\(error)" } else {
                    "cannot listen on \(HTTPServerAddress(host: settings.host, port: settings.port)): \(error)"
                }
            diagnostics.write("mvsearch: \(problem) — choose another --listen\n")
            return .unavailable
        }
        handler.listen(on: address)
        diagnostics.write("mvsearch: serving http://\(address)/\n")
        let signal = await StopSignal.next()
        diagnostics.write("mvsearch: \(signal), finishing the requests in flight\n")
        await server.shutdown(grace: .seconds(30))
        return .success
    }

    private static func runMCP(registry: OperationRegistry, services: CatalogServices, console: Console) async
        -> ExitStatus
    {
        let diagnostics = console.diagnostics
        let server = MCPServer(
            info: MCPServerInfo(
                name: "mvsearch", title: "mvsearch — music videos in the iTunes Store",
                version: String(HelpText.version.split(separator: " ").last ?? ""),
                instructions: "Search the iTunes Store's music videos (mvsearch_search), look one up by its id "
                    + "(mvsearch_lookup), find artists and their videos, and read the charts (mvsearch_top). "
                    + "The store allows about 20 requests a minute, shared with the user's other mvsearch runs."),
            tools: CatalogMCPTools.tools(for: registry, services: services)
        ) { line in diagnostics.write("mvsearch: \(TerminalSanitizer.sanitize(line))\n") }
        switch await server.run() {
        case .endOfInput, .outputClosed: return .success
        case .outputStalled: return .ioError
        case .inputFailed(let code):
            diagnostics.write("mvsearch: cannot read the MCP client's messages: \(String(cString: strerror(code)))\n")
            return .ioError
        }
    }

    /// `127.0.0.1:51234 "GET /v1/search?term=clairo" 200 24810 3 ms`, printable ASCII only.
    nonisolated private static func accessLine(_ entry: HTTPAccessLogEntry) -> String {
        let (seconds, attoseconds) = entry.duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return "mvsearch: \(entry.remoteAddress) \"\(CatalogHTTPService.excerpt(entry.method)) "
            + "\(CatalogHTTPService.excerpt(entry.target))\" \(entry.status) \(entry.bytes) \(milliseconds) ms"
            + (entry.completed ? "" : " (not completed)") + "\n"
    }
}

/// The first of SIGTERM, SIGINT and SIGHUP, which stop a server gracefully.
private enum StopSignal {
    static func next() async -> String {
        await withCheckedContinuation { continuation in
            OnceResumer(continuation).watch([(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")])
        }
    }
}

/// Resumes a continuation once, and keeps the signal sources alive until then.
private final class OnceResumer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<String, Never>?
        var sources: [any DispatchSourceSignal] = []
    }

    private let state: Mutex<State>

    init(_ continuation: CheckedContinuation<String, Never>) {
        state = Mutex(State(continuation: continuation))
    }

    /// Starts watching the signals; the first resumes the continuation.
    func watch(_ signals: [(number: Int32, name: String)]) {
        // Made under the lock, so they go straight into it (a source is not Sendable).
        state.withLock { state in
            state.sources = signals.map { number, name in
                // As InterruptionHandler: held since main's first line; on Linux the source reads
                // them from a signalfd (SIG_IGN would throw them away); on Darwin kqueue reports
                // them once they are ignored and released.
                #if canImport(Darwin)
                    signal(number, SIG_IGN)
                #endif
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { self.resume(name) }  // The cycle ends when it resumes.
                source.resume()
                return source
            }
        }
        #if canImport(Darwin)
            var held = sigset_t()
            sigemptyset(&held)
            for (number, _) in signals { sigaddset(&held, number) }
            pthread_sigmask(SIG_UNBLOCK, &held, nil)
        #endif
    }

    func resume(_ name: String) {
        let continuation = state.withLock { state in
            defer {
                state.continuation = nil
                for source in state.sources { source.cancel() }
                state.sources = []
            }
            return state.continuation
        }
        continuation?.resume(returning: name)
    }
}
