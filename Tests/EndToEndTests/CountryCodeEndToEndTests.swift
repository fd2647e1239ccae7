import Foundation
import Mocks
import Testing

/// A store country of the right shape that names no country (`ZZ`), on the built binary: refused
/// before anything is sent wherever a country is taken — the command line (64), the environment
/// (64), the settings file (78), a server's request (400) — each naming the value.
@Suite("mvsearch end to end: country codes")
struct CountryCodeEndToEndTests {
    @Test("Given -c ZZ or MVSEARCH_COUNTRY=ZZ, then 64 naming ZZ and no request; -c gb still searches")
    func commandLineAndEnvironment() async throws {
        let server = try MVSearchProcess.recordedSearchServer()
        defer { server.stop() }
        let base = ["--base-url", server.baseURL.absoluteString]
        let option = try await MVSearchProcess.run(base + ["-c", "ZZ", "clairo"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("mvsearch: \"ZZ\" is no country's code — "), "\(option.stderr)")
        let variable = try await MVSearchProcess.run(
            base + ["clairo"], environment: MVSearchProcess.environment(["MVSEARCH_COUNTRY": "zz"]))
        #expect(variable.status == 64)
        #expect(variable.stderr.contains("'zz'"), "\(variable.stderr)")
        #expect(server.requests.isEmpty)
        let good = try await MVSearchProcess.run(base + ["-c", "gb", "clairo"])
        #expect(good.status == 0)
        #expect(server.requests.first?.target.contains("country=GB") == true)
    }

    @Test("Given country = ZZ in the settings file, then 78 naming ZZ and the line")
    func settingsFile() async throws {
        let environment = MVSearchProcess.environment()
        let folder = URL(fileURLWithPath: try #require(environment["XDG_CONFIG_HOME"])).appendingPathComponent(
            "mvsearch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let file = folder.appendingPathComponent("config")
        try Data("country = ZZ\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let result = try await MVSearchProcess.run(
            ["--base-url", "http://127.0.0.1:9", "clairo"], environment: environment)
        #expect(result.status == 78)
        #expect(result.stderr.contains("line 1: country takes"), "\(result.stderr)")
        #expect(result.stderr.contains("'ZZ'"), "\(result.stderr)")
    }

    @Test("Given serve, when a search names country=ZZ, then 400 naming the country, and nothing is asked")
    func serveRequest() async throws {
        let fake = try MVSearchProcess.recordedSearchServer()
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake)
        let answer = try await Curl.get("\(serve.root)/v1/search?term=clairo&country=ZZ")
        #expect(await serve.stop() == 0)
        #expect(answer.status == 400, "\(String(decoding: answer.body, as: UTF8.self))")
        let error = answer.object?["error"] as? [String: Any]
        #expect((error?["message"] as? String)?.contains("country") == true, "\(error ?? [:])")
        #expect(fake.requests.isEmpty)
    }
}
