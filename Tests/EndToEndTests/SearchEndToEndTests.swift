import Foundation
import Mocks
import Testing

/// The built binary against a loopback server that answers like iTunes.
@Suite("mvsearch end to end")
struct SearchEndToEndTests {
    private func serve(_ name: String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(always: .json(try Fixture.data(name)))
    }

    @Test("Piped, a search prints one plain line per video and nothing on stderr")
    func plainWhenPiped() async throws {
        let server = try serve("search-musicvideo-clairo")
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "clairo"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(
            lines.first?.hasPrefix("1451289202\tWallows\tAre You Bored Yet? (feat. Clairo)\t2019\t3:26\t$1.99\t")
                == true)
        #expect(
            server.requests.first?.target
                == "/search?term=clairo&media=musicVideo&entity=musicVideo&country=US&limit=25")
    }

    @Test("On a terminal, a search prints a coloured table that fits the width")
    func tableOnTerminal() async throws {
        let server = try serve("search-musicvideo-clairo")
        defer { server.stop() }
        let result = try await MVSearchProcess.runInTerminal(
            ["clairo"], columns: 70,
            environment: MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString]))
        #expect(result.status == 0)
        #expect(result.stdout.contains("\u{1B}[1m#  Title"))
        let visible = result.stdout.replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
        let lines = visible.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.count <= 70 })
        #expect(lines.contains { $0.contains("Wallows") })
    }

    @Test("NO_COLOR on a terminal: a table without escape sequences")
    func noColor() async throws {
        let server = try serve("search-musicvideo-clairo")
        defer { server.stop() }
        let result = try await MVSearchProcess.runInTerminal(
            ["--base-url", server.baseURL.absoluteString, "clairo"],
            environment: MVSearchProcess.environment(["NO_COLOR": "1"]))
        #expect(result.status == 0)
        #expect(result.stdout.contains("#  Title"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("--json prints one array with every key, null where the answer has nothing")
    func json() async throws {
        let server = try serve("search-musicvideo-sabotage-2011")
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "--json", "sabotage"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let keys: Set = [
            "id", "title", "artist", "artistId", "collection", "releaseDate", "durationSeconds", "genre", "explicit",
            "country", "currency", "price", "url", "artistUrl", "previewUrl", "artworkUrl",
        ]
        #expect(!array.isEmpty)
        for object in array { #expect(Set(object.keys) == keys) }
        #expect(array[0]["collection"] is NSNull)
        #expect(array[0]["releaseDate"] as? String == "2009-07-14T07:00:00Z")
        #expect(array[0]["durationSeconds"] as? Int == 182)
        #expect(Set(array.compactMap { $0["id"] as? Int }).count == array.count)
    }

    @Test("An answer without music videos exits 1: a message on stderr, nothing on stdout")
    func noVideos() async throws {
        let server = try serve("search-song-sick-love")
        defer { server.stop() }
        let result = try await MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "sick", "love"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "mvsearch: no music videos found for \"sick love\" — try other or fewer words\n")
    }

    @Test("The term reaches the server exactly as typed")
    func encoding() async throws {
        let server = try serve("search-musicvideo-clairo")
        defer { server.stop() }
        _ = try await MVSearchProcess.run([
            "--base-url", server.baseURL.absoluteString, "Florence", "+", "the", "Machine", "&", "AC/DC", "#1", "100%",
            "é", "한글",
        ])
        #expect(
            server.requests.first?.target.hasPrefix(
                "/search?term=Florence+%2B+the+Machine+%26+AC%2FDC+%231+100%25+%C3%A9+%ED%95%9C%EA%B8%80&") == true)
    }

    @Test("Server strings with escapes, CR, NUL, C1 and bidi controls print as inert text")
    func hostileStrings() async throws {
        let server = try LoopbackHTTPServer(always: .json(Fixture.hostile))
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let plain = try await MVSearchProcess.run(["--base-url", base, "x"])
        let table = try await MVSearchProcess.runInTerminal(["--base-url", base, "--no-color", "x"])
        for output in [plain.stdout, table.stdout] {
            #expect(output.contains("Title[2J over31m"))
            #expect(
                !output.unicodeScalars.contains {
                    ($0.value < 0x20 && !["\n", "\t"].contains($0)) || (0x7F...0x9F).contains($0.value)
                        || $0.value == 0x202E
                })
        }
        let json = try await MVSearchProcess.run(["--base-url", base, "--json", "x"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["title"] as? String == "Title\u{1B}[2J\r\u{0}over\u{9B}31m\u{202E}gnp.exe")
        #expect(!json.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("--help and --version print on stdout and exit 0")
    func helpAndVersion() async throws {
        let help = try await MVSearchProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("mvsearch — search the iTunes Store for music videos\n"))
        #expect(help.stderr.isEmpty)
        let version = try await MVSearchProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "mvsearch 0.1.0\n")
    }
}
