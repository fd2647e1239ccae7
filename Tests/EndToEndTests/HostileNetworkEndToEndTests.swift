import Foundation
import Mocks
import Testing

/// The built binary against a loopback server whose answers are crafted to break a client:
/// nesting that would overflow a stack, a byte-order mark, a body that trickles.
@Suite("mvsearch end to end: hostile network")
struct HostileNetworkEndToEndTests {
    private static let answer = Data(
        #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"Upside Down","artistName":"Jack Johnson"}]}"#
            .utf8)

    @Test("Given an answer nested 200 000 levels deep, then 65 and no crash; a cached copy is fetched again")
    func deepNesting() async throws {
        let deep = Data((#"{"resultCount":0,"unknown":"# + String(repeating: "[", count: 200_000)).utf8)
        let server = try LoopbackHTTPServer(always: .json(deep))
        defer { server.stop() }
        let environment = MVSearchProcess.environment()
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "jack"], environment: environment)
        expectOneLine(result, status: 65, mentions: "not valid JSON")

        // The same answer planted in the cache: removed, fetched again, and the fresh answer shown.
        let good = try LoopbackHTTPServer(always: .json(Self.answer))
        defer { good.stop() }
        let cache = URL(fileURLWithPath: try #require(environment["XDG_CACHE_HOME"])).appendingPathComponent("mvsearch")
        let first = try await MVSearchProcess.run(
            ["--base-url", good.baseURL.absoluteString, "jack"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let entry = cache.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first))
        let contents = try Data(contentsOf: entry)
        let header = try #require(contents.firstIndex(of: UInt8(ascii: "\n")))
        try (contents[...header] + deep).write(to: entry)
        let again = try await MVSearchProcess.run(
            ["--base-url", good.baseURL.absoluteString, "jack"], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("1\tJack Johnson\tUpside Down"))
        #expect(good.requests.count == 2)
        #expect(try Data(contentsOf: entry) != contents[...header] + deep)
    }

    @Test("Given a UTF-8 byte-order mark before the answer, then the results are shown")
    func byteOrderMark() async throws {
        let server = try LoopbackHTTPServer(always: .json(Data([0xEF, 0xBB, 0xBF]) + Self.answer))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "jack"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("1\tJack Johnson\tUpside Down"))
    }

    @Test(
        "Given headers at once then a body that trickles or stalls, --timeout 1 ends it: 75, a timeout, by the deadline",
        arguments: [0.3, 60])
    func tricklingBody(byteInterval: TimeInterval) async throws {
        let server = try LoopbackHTTPServer(
            always: .trickle(status: 200, body: Self.answer, byteInterval: byteInterval))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--timeout", "1", "--retries", "1", "jack"])
        expectOneLine(result, status: 75, mentions: "did not answer in time")
        #expect(!result.stderr.contains("broke off"))
        #expect(server.requests.count == 1)
        // The deadline: timeout × (retries + 1) + 5 s × retries = 7 s, plus 5 s of slack.
        #expect(result.duration < .seconds(12))
    }

    @Test("Given a 100 KiB response header, then 65, headers too large to read, asked once — not 69 'cannot reach'")
    func hugeHeader() async throws {
        let server = try LoopbackHTTPServer(
            always: .response(
                status: 200, headers: [("X-Padding", String(repeating: "a", count: 100 * 1024))], body: Self.answer))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "jack"])
        expectOneLine(result, status: 65, mentions: "headers too large to read")
        #expect(server.requests.count == 1)
    }

    @Test("Given a corrupt gzip body, then 65, unreadable, asked once — not a lost connection retried")
    func corruptGzip() async throws {
        let server = try LoopbackHTTPServer(
            always: .response(
                status: 200, headers: [("Content-Encoding", "gzip")],
                body: Data([0x1F, 0x8B, 0x08, 0x00]) + Data("garbage garbage garbage".utf8)))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "jack"])
        expectOneLine(result, status: 65, mentions: "compressed body is corrupt")
        #expect(server.requests.count == 1)
    }

    @Test(
        "Given 429 with a Retry-After of 0, or a date that overflows, then never 'wait 0 seconds' nor a retry at once",
        arguments: [("0", 2), ("Sun, 06 Nov 9223372036854775807 08:49:37 GMT", 1)])
    func rateLimitWaits(retryAfter: String, requests: Int) async throws {
        let server = try LoopbackHTTPServer(always: .response(status: 429, headers: [("Retry-After", retryAfter)]))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "jack"])
        expectOneLine(result, status: 75, mentions: "wait a minute and try again")
        #expect(!result.stderr.contains("wait 0"))
        #expect(server.requests.count == requests)
    }

    @Test("Given a 400 whose errorMessage is 2 MB of lines and escapes, then one short sanitised line, 64")
    func longErrorMessage() async throws {
        let message = String(repeating: #"bad\nline\u001b[31m "#, count: 100_000)
        let server = try LoopbackHTTPServer(
            always: .json(Data(#"{"errorMessage":""#.utf8) + Data(message.utf8) + Data(#""}"#.utf8), status: 400))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "jack"])
        expectOneLine(result, status: 64, mentions: "rejected the query: bad line[31m bad line")
        #expect(result.stderr.count < 320, "\(result.stderr.count) characters")
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test("Given -v and a base URL with a user and password, then the request lines do not show them")
    func verboseRedactsCredentials() async throws {
        let server = try LoopbackHTTPServer(always: .json(Self.answer))
        defer { server.stop() }
        let url = "http://someone:s3cret@127.0.0.1:\(server.port)/"
        let result = try await MVSearchProcess.run(["-v", "--base-url", url, "jack"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("mvsearch: GET http://***@127.0.0.1:\(server.port)/search?"))
        #expect(!result.stderr.contains("s3cret") && !result.stderr.contains("someone"), "\(result.stderr)")
    }

    /// Every path under `root`, relative to it, sorted.
    private static func tree(_ root: URL) -> [String] {
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.sorted()
    }

    @Test("Given HOME and the XDG folders in a fresh folder, a search creates nothing but its two documented folders")
    func noStrayFolders() async throws {
        let server = try LoopbackHTTPServer(always: .json(Self.answer))
        defer { server.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mvsearch-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }

        // The XDG variables set.
        let withXDG = MVSearchProcess.environment([
            "HOME": root.appendingPathComponent("home").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
        ])
        // The search is kept (remember = always, as a person's on a terminal is): the state folder too.
        let first = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--remember", "always", "jack"], environment: withXDG)
        #expect(first.status == 0, "\(first.stderr)")
        let created = Self.tree(root).filter { !$0.hasPrefix("cache/mvsearch/") && !$0.hasPrefix("state/mvsearch/") }
        #expect(created == ["cache", "cache/mvsearch", "state", "state/mvsearch"])

        // Only HOME, which exists (mvsearch never creates it): the defaults under it.
        try FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        var onlyHome = withXDG
        for variable in ["XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"] { onlyHome[variable] = nil }
        let second = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--remember", "always", "jack"], environment: onlyHome)
        #expect(second.status == 0, "\(second.stderr)")
        let underHome = Self.tree(root).filter {
            !$0.hasPrefix("home/.cache/mvsearch/") && !$0.hasPrefix("home/.local/state/mvsearch/")
        }
        #expect(
            underHome == [
                "home", "home/.cache", "home/.cache/mvsearch", "home/.local", "home/.local/state",
                "home/.local/state/mvsearch",
            ])
    }

    @Test("Given a relative HOME, a search creates nothing in the working directory")
    func relativeHome() async throws {
        let server = try LoopbackHTTPServer(always: .json(Self.answer))
        defer { server.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // The XDG folders stay absolute (so the test writes nothing of the user's); HOME is relative.
        var environment = MVSearchProcess.environment()
        environment["HOME"] = "relative-home"
        let process = Process()
        process.executableURL = MVSearchProcess.executableURL
        process.arguments = ["--base-url", server.baseURL.absoluteString, "jack"]
        process.environment = environment
        process.currentDirectoryURL = root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let status = await MVSearchProcess.offPool { () -> Int32 in
            process.waitUntilExit(timeout: 60)
            return process.terminationStatus
        }
        #expect(status == 0)
        #expect(Self.tree(root).isEmpty, "\(Self.tree(root))")
    }
}
