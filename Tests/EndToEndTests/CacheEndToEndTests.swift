import Foundation
import Mocks
import Testing

/// The response cache, on the built binary: requests counted at a loopback server.
@Suite("mvsearch end to end: response cache")
struct CacheEndToEndTests {
    private func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        var environment = MVSearchProcess.environment()
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        return environment
    }

    private func cacheFolder(_ environment: [String: String]) throws -> URL {
        URL(fileURLWithPath: try #require(environment["XDG_CACHE_HOME"])).appendingPathComponent("mvsearch")
    }

    @Test("A second identical search makes no request; --no-cache makes one; --offline answers from the cache")
    func secondSearch() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let environment = environment(server)
        let first = try await MVSearchProcess.run(["clairo"], environment: environment)
        let second = try await MVSearchProcess.run(["clairo"], environment: environment)
        #expect(first.status == 0 && second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(server.requests.count == 1)
        _ = try await MVSearchProcess.run(["--no-cache", "clairo"], environment: environment)
        #expect(server.requests.count == 2)
        let offline = try await MVSearchProcess.run(["--offline", "clairo"], environment: environment)
        #expect(offline.stdout == first.stdout)
        #expect(server.requests.count == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: try cacheFolder(environment).path)
        #expect(files.count == 1)
    }

    @Test("--offline with nothing cached exits 69 with a hint and sends nothing")
    func offlineMiss() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--offline", "clairo"], environment: environment(server))
        #expect(result.status == 69)
        #expect(result.stderr == "mvsearch: nothing is cached for this request — run it once without --offline\n")
        #expect(server.requests.isEmpty)
    }

    @Test("Failures are never cached: after a 403, a 500 and an HTML page, the next search asks again")
    func failuresNotCached() async throws {
        let body = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer { _, index in
            switch index {
            case 0: .response(status: 403)
            case 1: .response(status: 500)
            case 2: .response(status: 200, body: Data("<html>error</html>".utf8))
            default: .json(body)
            }
        }
        defer { server.stop() }
        let environment = environment(server)
        var statuses: [Int32] = []
        for _ in 0..<3 {
            statuses.append(
                try await MVSearchProcess.run(["--retries", "0", "clairo"], environment: environment).status)
        }
        #expect(statuses == [75, 69, 65])
        #expect(try await MVSearchProcess.run(["clairo"], environment: environment).status == 0)
        #expect(try await MVSearchProcess.run(["clairo"], environment: environment).status == 0)
        #expect(server.requests.count == 4)
    }

    @Test("A corrupted entry is ignored, fetched again and replaced")
    func corruptedEntry() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let environment = environment(server)
        _ = try await MVSearchProcess.run(["clairo"], environment: environment)
        let folder = try cacheFolder(environment)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try Data("\u{0}corrupt".utf8).write(to: folder.appendingPathComponent(name))
        }
        let repaired = try await MVSearchProcess.run(["clairo"], environment: environment)
        #expect(repaired.status == 0)
        #expect(repaired.stderr.isEmpty)
        #expect(server.requests.count == 2)
        #expect(try await MVSearchProcess.run(["clairo"], environment: environment).status == 0)
        #expect(server.requests.count == 2)
    }

    @Test("Ten processes at once leave a readable cache")
    func concurrentProcesses() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let environment = environment(server)
        let running = try (0..<10).map {
            try MVSearchProcess.launch(["--json", $0 % 2 == 0 ? "clairo" : "wallows"], environment: environment)
        }
        var statuses: [Int32] = []
        for process in running { statuses.append(await process.finish().status) }
        #expect(statuses == Array(repeating: 0, count: 10))
        let before = server.requests.count
        for term in ["clairo", "wallows"] {
            let cached = try await MVSearchProcess.run(["--offline", "--json", term], environment: environment)
            #expect(cached.status == 0)
            #expect((try? JSONSerialization.jsonObject(with: Data(cached.stdout.utf8))) != nil)
        }
        #expect(server.requests.count == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: try cacheFolder(environment).path)
        #expect(names.filter { $0.hasSuffix(".json") }.count == 2)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }
}
