import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files mvsearch keeps, met in a hostile state: a lock another process holds, a history
/// that cannot be removed, folders and entries that are not the user's own.
@Suite("mvsearch end to end: local files")
struct LocalFilesEndToEndTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mvsearch-files-\(UUID().uuidString)")
    private var stateFolder: URL { folder.appendingPathComponent("state/mvsearch") }
    private var cacheFolder: URL { folder.appendingPathComponent("cache/mvsearch") }

    private func environment(_ server: LoopbackHTTPServer) -> [String: String] {
        MVSearchProcess.environment([
            "MVSEARCH_BASE_URL": server.baseURL.absoluteString,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        ])
    }

    @Test(
        "Given a HOME that does not exist, then it is not created: one warning, the search runs without cache and history, --offline exits 69 saying why"
    )
    func missingHome() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let home = folder.appendingPathComponent("no-such-home")
        var environment = MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
        environment["HOME"] = home.path
        environment["XDG_STATE_HOME"] = nil
        environment["XDG_CACHE_HOME"] = nil
        let result = try await MVSearchProcess.run(["clairo"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\tClairo\t4Ever\t"))
        #expect(
            result.stderr
                == "mvsearch: warning: the home folder \(home.path) does not exist — running without the response cache"
                + " and recent searches; set HOME to a folder of your own\n")
        #expect(!FileManager.default.fileExists(atPath: home.path))
        let offline = try await MVSearchProcess.run(["--offline", "clairo"], environment: environment)
        #expect(offline.status == 69)
        #expect(offline.stderr.contains("the home folder \(home.path) does not exist"))
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    @Test("A history lock another process holds does not hold back the results: one warning, exit 0")
    func heldLock() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        try FileManager.default.createDirectory(
            at: stateFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let holder = open(stateFolder.appendingPathComponent(".recent-searches.lock").path, O_CREAT | O_RDWR, 0o600)
        try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        // A script's search (stdout a pipe) is kept only with remember = always.
        let result = try await MVSearchProcess.run(
            ["--remember", "always", "clairo"], environment: environment(server), timeout: 60)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\tClairo\t4Ever\t"))
        #expect(result.stderr.hasPrefix("mvsearch: warning: recent searches not saved: another mvsearch has held "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        // The deadline: a 2 s wait for the lock, plus slack for a loaded machine; without the
        // deadline the run never ends (and is killed after 60 s).
        #expect(result.duration < .seconds(2 + 28))
    }

    @Test("--clear-history in a folder that is not the user's own exits 73 and says why, claiming nothing")
    func clearRefused() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        // A link in the folder's place: not the user's own folder, whatever it points to.
        try FileManager.default.removeItem(at: stateFolder)
        try #require(symlink(folder.path, stateFolder.path) == 0)
        let result = try await MVSearchProcess.run(["--clear-history"], environment: environment(server))
        #expect(result.status == 73)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "mvsearch: cannot clear the recent searches: \(stateFolder.path) is a symbolic link — remove the "
                + "file yourself, or fix the folder's owner and permissions\n")
    }
}

extension LocalFilesEndToEndTests {
    @Test("A cache entry writable by other users is never shown: the answer is fetched again")
    func plantedEntry() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let first = try await MVSearchProcess.run(["clairo"], environment: environment(server))
        try #require(first.status == 0)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).first)
        let entry = cacheFolder.appendingPathComponent(name)
        // Another user rewrites the entry: same header, a planted answer.
        let stored = try Data(contentsOf: entry)
        let header = try #require(stored.firstIndex(of: UInt8(ascii: "\n")))
        let planted =
            #"{"results":[{"wrapperType":"track","kind":"music-video","trackId":666,"trackName":"Planted","#
            + #""artistName":"Mallory","trackViewUrl":"https://evil.example/"}]}"#
        try (stored[...header] + Data(planted.utf8)).write(to: entry)
        try #require(chmod(entry.path, 0o666) == 0)
        let second = try await MVSearchProcess.run(["clairo"], environment: environment(server))
        #expect(second.status == 0)
        #expect(!second.stdout.contains("Planted"))
        #expect(second.stdout == first.stdout)
        #expect(server.requests.count == 2)
    }

    @Test(
        "A cache folder that is not the user's own: one warning and an uncached search; --offline exits 69 saying why")
    func linkedCacheFolder() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: cacheFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(symlink(elsewhere.path, cacheFolder.path) == 0)
        let search = try await MVSearchProcess.run(["clairo"], environment: environment(server))
        #expect(search.status == 0)
        #expect(search.stdout.contains("\tClairo\t4Ever\t"))
        #expect(
            search.stderr
                == "mvsearch: warning: not using the response cache: \(cacheFolder.path) is a symbolic link — remove "
                + "it or set XDG_CACHE_HOME to a folder of your own\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        let offline = try await MVSearchProcess.run(["--offline", "clairo"], environment: environment(server))
        #expect(offline.status == 69)
        #expect(
            offline.stderr
                == "mvsearch: --offline cannot use the response cache: \(cacheFolder.path) is a symbolic link — run "
                + "without --offline\n")
        #expect(server.requests.count == 1)
    }

    @Test("A cache folder the user owns with a loose mode is tightened to 0700 and used")
    func looseCacheFolder() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        try #require(chmod(cacheFolder.path, 0o777) == 0)
        let first = try await MVSearchProcess.run(["clairo"], environment: environment(server))
        let second = try await MVSearchProcess.run(["clairo"], environment: environment(server))
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stderr.isEmpty)
        let mode = try FileManager.default.attributesOfItem(atPath: cacheFolder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(server.requests.count == 1)
    }
}

extension LocalFilesEndToEndTests {
    @Test(
        "Given a term that is not UTF-8 (Latin-1 café), when searched, then 64 naming it, nothing asked, nothing saved"
    )
    func nonUTF8Term() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        // Process passes only text: the shell's printf makes the byte 0xE9.
        let result = try await MVSearchProcess.run(
            ["-c", #"exec "$0" "$(printf 'caf\351')""#, MVSearchProcess.executableURL.path],
            environment: environment(server), executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "mvsearch: argument 'caf\\xE9' is not UTF-8 text — type it again with the terminal and LANG set to "
                + "UTF-8\n")
        #expect(server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: stateFolder.path))
    }
}
