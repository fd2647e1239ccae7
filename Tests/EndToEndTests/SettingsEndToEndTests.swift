import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built binary with a settings file under `XDG_CONFIG_HOME`, against a loopback server.
@Suite("Settings file and --sort end to end")
struct SettingsEndToEndTests {
    /// A clean environment whose settings file says `text`.
    private func environment(settings text: String, mode: mode_t = 0o600) throws -> [String: String] {
        let environment = MVSearchProcess.environment()
        let folder = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"] ?? "/nonexistent")
            .appendingPathComponent("mvsearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config")
        try Data(text.utf8).write(to: file)
        chmod(file.path, mode)
        return environment
    }

    @Test("Given country = gb in the settings file, then the request asks for GB, and -c still wins")
    func countryFromTheFile() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let environment = try environment(settings: "# mine\ncountry = gb\nlimit = 4\n")
        let fromFile = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "clairo"], environment: environment)
        #expect(fromFile.status == 0)
        #expect(fromFile.stderr.isEmpty)
        let given = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "-c", "jp", "--no-cache", "clairo"], environment: environment)
        #expect(given.status == 0)
        #expect(
            server.requests.map(\.target) == [
                "/search?term=clairo&media=musicVideo&entity=musicVideo&country=GB&limit=4",
                "/search?term=clairo&media=musicVideo&entity=musicVideo&country=JP&limit=4",
            ])
    }

    @Test("Given a bad line, then 78, one line on stderr naming the file and the line, and no request")
    func badLine() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let environment = try environment(settings: "country = gb\nlimit = lots\n")
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "clairo"], environment: environment)
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        let path = (environment["XDG_CONFIG_HOME"] ?? "") + "/mvsearch/config"
        #expect(
            result.stderr
                == "mvsearch: bad settings file \(path), line 2: limit takes a whole number from 1 to 200, "
                + "not 'lots' — correct or remove the line\n")
        #expect(server.requests.isEmpty)
    }

    @Test("--sort year writes the fetched videos newest first")
    func sortYear() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let result = try await MVSearchProcess.run([
            "--base-url", server.baseURL.absoluteString, "--sort", "year", "clairo",
        ])
        #expect(result.status == 0)
        let years = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[3] }
        #expect(years == ["2019", "2019", "2019", "2018"])
        let ids = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(ids == ["1481880440", "1477046401", "1451289202", "1378778940"])
    }
}
