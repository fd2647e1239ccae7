import Dispatch
import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The request budget shared by every mvsearch process of the user, on the built binary: separate
/// processes against a loopback server that records when each request arrives.
@Suite("mvsearch end to end: the shared request budget")
struct RateBudgetEndToEndTests {
    /// A loopback server answering every search, and when each request arrived.
    private final class TimedServer: Sendable {
        let server: LoopbackHTTPServer
        private let arrivals: Locked<[ContinuousClock.Instant]>

        init() throws {
            let body = try Fixture.data("search-musicvideo-clairo")
            let arrivals = Locked<[ContinuousClock.Instant]>([])
            self.arrivals = arrivals
            server = try LoopbackHTTPServer { _, _ in
                arrivals.withLock { $0.append(ContinuousClock.now) }
                return .json(body)
            }
        }

        /// When the requests arrived, in order, in seconds since `start`.
        func seconds(since start: ContinuousClock.Instant) -> [Double] {
            arrivals.value.sorted().map { instant in
                let (seconds, attoseconds) = (instant - start).components
                return Double(seconds) + Double(attoseconds) / 1e18
            }
        }
    }

    /// One environment (one cache folder, so one ledger) for every process of a test.
    private func environment(_ server: LoopbackHTTPServer, rate: String?) -> [String: String] {
        var environment = MVSearchProcess.environment()
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        if let rate { environment["MVSEARCH_RATE"] = rate }
        return environment
    }

    private func ledgerFolder(_ environment: [String: String]) throws -> URL {
        URL(fileURLWithPath: try #require(environment["XDG_CACHE_HOME"])).appendingPathComponent("mvsearch")
    }

    @Test("Given MVSEARCH_RATE=3/10, five uncached processes started together all succeed, three at first")
    func fiveProcessesShareThreeSlots() async throws {
        let timed = try TimedServer()
        defer { timed.server.stop() }
        let environment = environment(timed.server, rate: "3/10")
        let start = ContinuousClock.now

        // When: five one-shot searches of distinct terms, nothing cached, all at once.
        let running = try (1...5).map { index in
            try MVSearchProcess.launch(
                ["--no-cache", "-v", "--timeout", "30", "budget\(index)"], environment: environment)
        }
        var results: [MVSearchProcess.Result] = []
        for process in running { results.append(await process.finish(timeout: 90)) }

        // Then: every one succeeds; the server saw three requests, then the other two only once
        // the first slot was ten seconds old.
        for result in results { #expect(result.status == 0, "stderr: \(result.stderr)") }
        let arrivals = timed.seconds(since: start)
        #expect(arrivals.count == 5, "\(arrivals)")
        #expect(arrivals.filter { $0 < 5 }.count <= 3, "\(arrivals)")
        if arrivals.count == 5 {
            // A slot is taken just before its request is sent, so the fourth may arrive a little
            // less than ten seconds after the first did, never much less.
            #expect(arrivals[3] - arrivals[0] >= 8, "\(arrivals)")
            #expect(arrivals[4] - arrivals[0] < 25, "\(arrivals)")
        }
        // The two that waited said so, with the budget's rate.
        let waited = results.filter { $0.stderr.contains("s for the request budget (3 in 10 s)") }
        #expect(waited.count >= 2, "\(results.map(\.stderr))")
        #expect(results.allSatisfy { !$0.stderr.contains("warning") }, "\(results.map(\.stderr))")
    }

    @Test("Given a process killed with SIGKILL while it held the ledger's lock, the next search takes its slot")
    func killedLockHolder() async throws {
        let timed = try TimedServer()
        defer { timed.server.stop() }
        let environment = environment(timed.server, rate: "3/10")
        let folder = try ledgerFolder(environment)
        let lock = folder.appendingPathComponent(".rate-budget.lock")

        // Given: another process holds the lock, as mvsearch holds it while it reads and writes.
        let holder = try LockHolder(lock: lock)
        let said = await holder.firstWords(timeout: 60)
        #expect(said == "locked\n")
        #expect(Self.isLocked(lock), "the child should hold \(lock.path)")

        // When: it is killed without a chance to unlock.
        let status = await holder.kill()
        #expect(status == SIGKILL)

        // Then: the lock is free, and a search succeeds through the shared ledger, without
        // waiting out the lock and falling back to a budget of its own (which it would report).
        #expect(!Self.isLocked(lock))
        let result = try await MVSearchProcess.run(["--no-cache", "-v", "clairo"], environment: environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("has held"), "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        #expect(result.duration < .seconds(15))
        let ledger = try String(contentsOf: folder.appendingPathComponent("rate-budget.ledger"), encoding: .utf8)
        #expect(ledger.split(separator: "\n").count == 2, "a header and the one slot taken: \(ledger)")
        #expect(timed.server.requests.count == 1)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test("Given MVSEARCH_RATE=1/60 and --timeout 2, the second process is not sent and exits 75 at once")
    func waitPastTheTimeoutFails() async throws {
        let timed = try TimedServer()
        defer { timed.server.stop() }
        let environment = environment(timed.server, rate: "1/60")
        let first = try await MVSearchProcess.run(["--no-cache", "--timeout", "2", "first"], environment: environment)
        #expect(first.status == 0, "stderr: \(first.stderr)")

        // When: the budget's only slot is taken for a minute, longer than the request may wait.
        let second = try await MVSearchProcess.run(
            ["--no-cache", "--timeout", "2", "second"], environment: environment)

        // Then: 75, in words that say it was not sent, and no wait for the slot.
        expectOneLine(second, status: 75, mentions: "the request was not sent")
        #expect(second.stderr.contains("request budget shared by your mvsearch runs (1 a minute) is spent"))
        // When it can be sent: the rest of the minute since the first one's slot, taken while the
        // first ran and read while the second ran. Both runs are timed off the pool: between
        // them the test's own task may wait long for a thread (42 s once, the suite on a loaded
        // machine), so the wait is bounded by what the runs saw, not by a fixed guess.
        let wait = second.stderr.split(separator: " ").drop { $0 != "wait" }.dropFirst().first.flatMap { Int($0) }
        let firstStart = first.end - first.duration
        let secondStart = second.end - second.duration
        let least = 60 - Self.seconds(second.end - firstStart) - 1
        let most = 60 - Self.seconds(secondStart - first.end) + 1
        #expect(wait.map { Double($0) >= least && Double($0) <= most } == true, "\(least)…\(most): \(second.stderr)")
        #expect(!second.stderr.contains("refused"), "\(second.stderr)")
        #expect(second.duration < .seconds(30))
        #expect(timed.server.requests.count == 1)
    }

    @Test("Given MVSEARCH_RATE=bogus, then 64 naming the variable, and nothing is sent")
    func badEnvironmentRate() async throws {
        let timed = try TimedServer()
        defer { timed.server.stop() }
        let result = try await MVSearchProcess.run(["clairo"], environment: environment(timed.server, rate: "bogus"))
        expectOneLine(result, status: 64, mentions: "MVSEARCH_RATE")
        #expect(timed.server.requests.isEmpty)
    }

    @Test("Given rate = 0/0 in the settings file, then 78 naming the line, and nothing is sent")
    func badSettingsRate() async throws {
        let timed = try TimedServer()
        defer { timed.server.stop() }
        let environment = try settings("rate = 0/0\n", environment(timed.server, rate: nil))
        let result = try await MVSearchProcess.run(["clairo"], environment: environment)
        expectOneLine(result, status: 78, mentions: "rate")
        #expect(timed.server.requests.isEmpty)
    }

    @Test("--settings shows the rate and where it comes from: the environment, the file, or the default")
    func settingsShowTheRate() async throws {
        let timed = try TimedServer()
        defer { timed.server.stop() }
        let fromFile = try settings("rate = 5/60\n", environment(timed.server, rate: nil))
        let file = try await MVSearchProcess.run(["--settings"], environment: fromFile)
        #expect(file.status == 0)
        #expect(Self.line("rate", in: file.stdout) == ["rate", "5/60", "file:1"], "\(file.stdout)")

        var fromEnvironment = fromFile
        fromEnvironment["MVSEARCH_RATE"] = "3/10"
        let environmentWins = try await MVSearchProcess.run(["--settings"], environment: fromEnvironment)
        #expect(
            Self.line("rate", in: environmentWins.stdout) == ["rate", "3/10", "environment", "(MVSEARCH_RATE)"],
            "\(environmentWins.stdout)")

        // A loopback base URL has no budget unless one is set.
        let none = try await MVSearchProcess.run(["--settings"], environment: environment(timed.server, rate: nil))
        #expect(Self.line("rate", in: none.stdout) == ["rate", "off", "default"], "\(none.stdout)")
    }

    // MARK: Helpers

    /// `environment` with a settings file that says `text`.
    private func settings(_ text: String, _ environment: [String: String]) throws -> [String: String] {
        let folder = URL(fileURLWithPath: try #require(environment["XDG_CONFIG_HOME"]))
            .appendingPathComponent("mvsearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config")
        try Data(text.utf8).write(to: file)
        chmod(file.path, 0o600)
        return environment
    }

    /// The words of the line of `--settings` that starts with `key`.
    private static func line(_ key: String, in text: String) -> [Substring] {
        let line = text.split(separator: "\n").first { $0.split(separator: " ").first == Substring(key) }
        return line?.split(separator: " ") ?? []
    }

    /// Whether another open file description holds an exclusive lock on `url`.
    private static func isLocked(_ url: URL) -> Bool {
        let descriptor = open(url.path, O_RDWR)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }
}

/// A python3 child that takes the exclusive `flock` on a file, says so on its stdout, and holds
/// it until it is killed.
private final class LockHolder: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()

    init(lock: URL) throws {
        let script = """
            import fcntl, os, sys, time
            folder = os.path.dirname(sys.argv[1])
            os.makedirs(folder, mode=0o700, exist_ok=True)
            descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            print("locked", flush=True)
            time.sleep(600)
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, lock.path]
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// What the child says first (`locked` once it holds the lock; an error, if any, else);
    /// kills it after `timeout` seconds.
    func firstWords(timeout: TimeInterval) async -> String {
        let (process, handle) = (process, output.fileHandleForReading)
        return await MVSearchProcess.offPool {
            let said = DispatchSemaphore(value: 0)
            let line = Locked("")
            Thread.detachNewThread {
                // Until the end of its first line (a write may come in pieces), or of its output.
                var buffer = [UInt8](repeating: 0, count: 4096)
                var bytes: [UInt8] = []
                while bytes.count < 65_536, bytes.last != UInt8(ascii: "\n") {
                    let count = read(handle.fileDescriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    bytes += buffer[0..<count]
                }
                line.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
                said.signal()
            }
            if said.wait(timeout: .now() + timeout) == .timedOut {
                process.terminate()
                said.wait()
            }
            return line.value
        }
    }

    /// Sends SIGKILL and waits for the child to end.
    /// - Returns: The signal that ended it.
    func kill() async -> Int32 {
        let process = process
        return await MVSearchProcess.offPool {
            sendSignal(SIGKILL, to: process.processIdentifier)
            process.waitUntilExit(timeout: 60)
            return process.terminationReason == .uncaughtSignal ? process.terminationStatus : -1
        }
    }
}

/// `kill(2)`, which the method above hides.
private func sendSignal(_ signal: Int32, to process: pid_t) {
    kill(process, signal)
}
