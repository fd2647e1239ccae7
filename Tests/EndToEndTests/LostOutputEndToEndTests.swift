import Foundation
import Mocks
import Testing

/// Output that cannot be written, on the built binary: a full disk, a closed stdout. Nothing is
/// lost silently: one line on stderr and exit 74. Only a reader that went away (EPIPE) is quiet.
@Suite("mvsearch end to end: output that cannot be written")
struct LostOutputEndToEndTests {
    struct Run {
        let status: Int32
        let stderr: String
    }

    /// Runs the binary through `sh`, with stdout redirected as `redirection` says (`> /dev/full`,
    /// `>&-`) and stderr captured.
    static func run(_ arguments: [String], redirection: String, environment: [String: String]) async throws -> Run {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"exec "$0" "$@" "# + redirection, MVSearchProcess.executableURL.path] + arguments
        shell.environment = environment
        let stderr = Pipe()
        shell.standardError = stderr
        shell.standardInput = FileHandle.nullDevice
        try shell.run()
        let message = await MVSearchProcess.offPool {
            String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        _ = await MVSearchProcess.offPool { shell.waitUntilExit(timeout: 60) }
        return Run(status: shell.terminationStatus, stderr: message)
    }

    private static let commands: [[String]] = [["clairo"], ["--json", "clairo"], ["--history"], ["--help"]]

    @Test(
        "Results that cannot be written exit 74 with one line naming the reason",
        arguments: [
            ("> /dev/full", "no space left on device"), (">&-", "standard output is closed"),
        ] as [(String, String)], commands)
    func lost(redirection: (String, String), arguments: [String]) async throws {
        let (redirection, reason) = redirection
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        var environment = MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
        if arguments == ["--history"] {
            // Something to print: a search first.
            let first = try await MVSearchProcess.run(["--remember", "always", "clairo"], environment: environment)
            try #require(first.status == 0, "\(first.stderr)")
            environment["MVSEARCH_CACHE_TTL"] = "0"
        }
        let result = try await Self.run(arguments, redirection: redirection, environment: environment)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr == "mvsearch: cannot write the results — \(reason)\n")
    }

    @Test("A closed stdout with nothing to write is no loss: a search that finds nothing still exits 1")
    func closedWithNothingToWrite() async throws {
        let server = try LoopbackHTTPServer(always: .json(Data(#"{"resultCount":0,"results":[]}"#.utf8)))
        defer { server.stop() }
        let environment = MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
        let result = try await Self.run(["nothing"], redirection: ">&-", environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("mvsearch: no music videos found"))
    }
}
