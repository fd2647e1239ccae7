import Foundation
import Mocks
import Testing

/// `--json FIELDS` and `--format jsonl` from the built binary, as a script would read them.
@Suite("mvsearch end to end: output for scripts")
struct ScriptOutputEndToEndTests {
    @Test("--format jsonl --json id,title,url: one object a line, exactly those keys in that order")
    func jsonLinesWithFields() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let result = try await MVSearchProcess.run([
            "--base-url", server.baseURL.absoluteString, "--format", "jsonl", "--json", "id,title,url", "clairo",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(
            lines.first
                == #"{"id":1451289202,"title":"Are You Bored Yet? (feat. Clairo)","url":"https://music.apple.com/us/music-video/are-you-bored-yet-feat-clairo/1451289202?uo=4"}"#
        )
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["id", "title", "url"])
        }
    }

    @Test("--json clairo searches for clairo; --json titel exits 64 before any request")
    func ambiguousWord() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let search = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "--json", "clairo"])
        #expect(search.status == 0)
        #expect(search.stdout.hasPrefix("[\n  {\"id\":1451289202,\"title\":"))
        #expect(server.requests.first?.target.hasPrefix("/search?term=clairo&") == true)
        let unknown = try await MVSearchProcess.run([
            "--base-url", server.baseURL.absoluteString, "--json=titel", "clairo",
        ])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("mvsearch: unknown JSON field 'titel' for videos — choose from id, title,"))
        #expect(server.requests.count == 1)
    }
}
