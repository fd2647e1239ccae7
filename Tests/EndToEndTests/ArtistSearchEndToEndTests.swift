import Foundation
import Mocks
import Testing

/// `mvsearch --artists`: the built binary against a loopback server answering with artist rows.
@Suite("mvsearch --artists end to end")
struct ArtistSearchEndToEndTests {
    private func serve(_ reply: LoopbackHTTPServer.Reply) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(always: reply)
    }

    private func artists() throws -> LoopbackHTTPServer.Reply {
        .json(try Fixture.data("lookup-artists-amg-2011"))
    }

    @Test("Piped: plain lines `id, name, genre, url`, the request asking for entity=musicArtist with the options")
    func plain() async throws {
        let server = try serve(try artists())
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString, "--artists", "-l", "3", "-c", "gb", "jack", "johnson"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout.split(separator: "\n").first
                == "909253\tJack Johnson\tRock\thttp://itunes.apple.com/us/artist/jack-johnson/id909253?uo=4")
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(
            server.requests.first?.target
                == "/search?term=jack+johnson&media=musicVideo&entity=musicArtist&country=GB&limit=3")
    }

    @Test("--format table: `#  Artist  Genre  ID`; --json: objects {id, name, genre, url}")
    func tableAndJSON() async throws {
        let server = try serve(try artists())
        defer { server.stop() }
        let base = ["--base-url", server.baseURL.absoluteString, "--artists"]
        let table = try await MVSearchProcess.run(base + ["--format", "table", "jack"])
        #expect(table.status == 0)
        #expect(
            table.stdout == """
                #  Artist        Genre                     ID
                1  Jack Johnson  Rock                  909253
                2  Jack Johson   Adult Alternative  408472918
                3  U2            Rock                   78500

                """)
        let json = try await MVSearchProcess.run(base + ["--no-cache", "--json", "jack"])
        #expect(json.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 3)
        #expect(objects.allSatisfy { Set($0.keys) == ["id", "name", "genre", "url"] })
        #expect(objects.last?["name"] as? String == "U2")
    }

    @Test("No artist found: exit 1, one line on stderr, nothing on stdout")
    func noMatch() async throws {
        let server = try serve(.json(Data(#"{"resultCount":0,"results":[]}"#.utf8)))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "--artists", "zzz"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "mvsearch: no artists found for \"zzz\" — try other or fewer words\n")
    }

    @Test("Rate limited (403, empty body): exit 75 with the one-line advice, asked once")
    func rateLimited() async throws {
        let server = try serve(.response(status: 403))
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "--artists", "jack"])
        #expect(result.status == 75)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "mvsearch: the iTunes service limits clients to about 20 requests a minute and refused this one — wait a minute and try again\n"
        )
        #expect(server.requests.count == 1)
    }
}
