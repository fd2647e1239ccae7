import Foundation
import Mocks
import Testing

/// A `HOME` that does not exist, with one XDG folder set elsewhere (issue 28): only what lies
/// under the missing home goes unused, and the warning names only that.
@Suite("mvsearch end to end: a missing HOME beside an explicit XDG folder")
struct MissingHomeHostileEndToEndTests {
    /// A fresh folder: the missing home is named under it, the explicit XDG folder made in it.
    private static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-home-\(UUID().uuidString)")
    }

    @Test(
        """
        Given HOME missing and XDG_CACHE_HOME set elsewhere, when a search runs, then the answer \
        is cached (--offline then answers it), the warning names only recent searches, and HOME \
        is not created
        """)
    func explicitCacheHome() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("no-such-home")
        var environment = MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
        environment["HOME"] = home.path
        environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
        environment["XDG_STATE_HOME"] = nil

        let result = try await MVSearchProcess.run(["clairo"], environment: environment)
        let offline = try await MVSearchProcess.run(["--offline", "clairo"], environment: environment)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "mvsearch: warning: the home folder \(home.path) does not exist — running without recent"
                + " searches; set HOME to a folder of your own\n")
        #expect(offline.status == 0, "the answer was not cached: \(offline.stderr)")
        #expect(offline.stdout == result.stdout)
        #expect(server.requests.count == 1)
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    @Test(
        """
        Given HOME missing and XDG_STATE_HOME set elsewhere, when a search runs that is to be \
        remembered, then its term is kept among the recent searches, the warning names only the response \
        cache, and HOME is not created
        """)
    func explicitStateHome() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let root = Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("no-such-home")
        var environment = MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
        environment["HOME"] = home.path
        environment["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
        environment["XDG_CACHE_HOME"] = nil

        let result = try await MVSearchProcess.run(["--remember", "always", "clairo"], environment: environment)
        let history = try await MVSearchProcess.run(["--history"], environment: environment)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "mvsearch: warning: the home folder \(home.path) does not exist — running without the response"
                + " cache; set HOME to a folder of your own\n")
        #expect(history.stdout.contains("clairo"), "\(history.stdout) \(history.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }
}
