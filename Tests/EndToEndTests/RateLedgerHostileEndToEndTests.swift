import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared request budget's ledger under hostile conditions (issue 28, item 4), with real
/// processes: many at once on one ledger, and a ledger file that is not what mvsearch wrote.
/// (`kill -9` of the lock's holder is in `RateBudgetEndToEndTests`.)
@Suite("mvsearch end to end: the rate ledger under hostile conditions")
struct RateLedgerHostileEndToEndTests {
    private func environment(_ server: LoopbackHTTPServer, rate: String) -> [String: String] {
        var environment = MVSearchProcess.environment()
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        environment["MVSEARCH_RATE"] = rate
        return environment
    }

    private func ledger(_ environment: [String: String]) throws -> URL {
        URL(fileURLWithPath: try #require(environment["XDG_CACHE_HOME"]))
            .appendingPathComponent("mvsearch/rate-budget.ledger")
    }

    @Test(
        """
        Given MVSEARCH_RATE=5/3600 and --timeout 2, when 50 uncached processes start at once, then \
        exactly 5 requests reach the server, 5 exit 0 and 45 exit 75 (not sent), and all end
        """)
    func fiftyProcesses() async throws {
        let body = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { _, _ in .json(body) }
        defer { server.stop() }
        let environment = environment(server, rate: "5/3600")
        let start = ContinuousClock.now

        let running = try (1...50).map { index in
            try MVSearchProcess.launch(["--no-cache", "--timeout", "2", "fifty\(index)"], environment: environment)
        }
        var results: [MVSearchProcess.Result] = []
        for process in running { results.append(await process.finish(timeout: 120)) }
        let took = start.duration(to: .now)

        let statuses = results.map(\.status)
        print("rate ledger: 50 processes on one ledger ended in \(took): \(statuses.filter { $0 == 0 }.count) sent")
        #expect(server.requests.count == 5, "the budget was exceeded: \(server.requests.count) requests")
        #expect(statuses.filter { $0 == 0 }.count == 5, "\(statuses)")
        #expect(statuses.filter { $0 == 75 }.count == 45, "\(statuses) \(results.map(\.stderr))")
        // One kept waiting for the lock past its wait (50 queued on a loaded machine) is not sent.
        let warned = results.filter { $0.stderr.contains("warning") }
        #expect(warned.allSatisfy { $0.status == 75 && $0.stderr.contains("the request was not sent") }, "\(warned)")
        print("rate ledger: \(warned.count) of 50 waited past their wait for the lock")
        let text = try String(contentsOf: try ledger(environment), encoding: .utf8)
        #expect(text.split(separator: "\n").count == 6, "a header and five slots: \(text)")
    }

    @Test(
        """
        Given a rate ledger that is binary, a FIFO or a link, when a search runs, then it \
        succeeds with one warning that the ledger was replaced; the next search has none
        """,
        arguments: ["binary", "fifo", "link"])
    func untrustedLedger(_ kind: String) async throws {
        let body = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { _, _ in .json(body) }
        defer { server.stop() }
        let environment = environment(server, rate: "5/3600")
        let ledger = try ledger(environment)
        try FileManager.default.createDirectory(
            at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let elsewhere = ledger.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("x")
        switch kind {
        case "binary": try Data([0, 0xFF, 0xFE, 0x0A, 0x80]).write(to: ledger)
        case "fifo": try #require(mkfifo(ledger.path, 0o600) == 0)
        default:
            try Data("sliding-window-ledger 1\n".utf8).write(to: elsewhere)
            try FileManager.default.createSymbolicLink(atPath: ledger.path, withDestinationPath: elsewhere.path)
        }

        let first = try await MVSearchProcess.run(["--no-cache", "first"], environment: environment)
        let second = try await MVSearchProcess.run(["--no-cache", "second"], environment: environment)

        #expect(first.status == 0, "\(first.stderr)")
        let warnings = first.stderr.split(separator: "\n").filter { $0.hasPrefix("mvsearch: warning:") }
        #expect(warnings.count == 1, "\(first.stderr)")
        #expect(warnings.first?.contains("ledger was replaced") == true, "\(first.stderr)")
        #expect(second.status == 0 && !second.stderr.contains("warning"), "\(second.stderr)")
        #expect(server.requests.count == 2)
        // A header and the slots still in the window (both, unless a loaded machine took a minute).
        let text = try String(contentsOf: ledger, encoding: .utf8)
        #expect(text.hasPrefix("sliding-window-ledger 1\n") && (2...3).contains(text.split(separator: "\n").count))
        if kind == "link" {
            #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "sliding-window-ledger 1\n")
        }
    }

    @Test(
        """
        Given a full ledger root owns in nobody's cache folder, when mvsearch runs as nobody \
        (setpriv), then the ledger is not read (the search is sent) but replaced by nobody's own, \
        with one warning naming another user
        """,
        .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anotherUsersLedger() async throws {
        let body = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { _, _ in .json(body) }
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("nobody-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("cache/mvsearch")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("state"), withIntermediateDirectories: true)
        for path in [
            home.path, home.appendingPathComponent("cache").path, folder.path,
            home.appendingPathComponent("state").path,
        ] {
            try #require(chown(path, 65534, 65534) == 0)
        }
        chmod(home.path, 0o755)
        // Five slots taken now: read, it would leave no slot for a minute.
        let slot = String(Int64(Date().timeIntervalSince1970 * 1_000_000))
        let ledger = folder.appendingPathComponent("rate-budget.ledger")
        try Data(("sliding-window-ledger 1\n" + String(repeating: "\(slot)\n", count: 5)).utf8).write(to: ledger)
        chmod(ledger.path, 0o644)  // root's, readable by all
        let environment = [
            "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "MVSEARCH_BASE_URL": server.baseURL.absoluteString, "MVSEARCH_RATE": "5/60",
        ]

        let result = try await MVSearchProcess.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", MVSearchProcess.executableURL.path, "--no-cache",
                "--timeout", "5", "clairo",
            ], environment: environment, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))

        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("mvsearch: warning:") }
        #expect(
            warnings.count == 1 && warnings.first?.contains("belongs to another user (uid 0)") == true,
            "\(result.stderr)")
        #expect(server.requests.count == 1)
        var info = stat()
        #expect(lstat(ledger.path, &info) == 0 && info.st_uid == 65534 && info.st_mode & 0o777 == 0o600)
    }
}
