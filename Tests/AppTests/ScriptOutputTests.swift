import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// `--json FIELDS` and `--format jsonl` through the whole app, composed with a mock repository.
@MainActor
@Suite("Output for scripts: --json FIELDS and --format jsonl")
struct ScriptOutputTests {
    private struct Run {
        let status: App.ExitStatus
        let output: String
        let diagnostics: String
    }

    private nonisolated static let videos: [MusicVideo] = [
        .stub(id: 1, title: "One"), .stub(id: 2, title: "Two \"2\""),
    ]

    private static func repository() -> MockMusicVideosRepository {
        MockMusicVideosRepository(
            search: { query throws(CatalogError) in
                MusicVideoPage(query: query, videos: videos, rowCount: videos.count)
            },
            lookup: { query throws(CatalogError) in videos.first { $0.id == query.id } },
            artist: { _ throws(CatalogError) in videos })
    }

    private func run(_ arguments: [String], history: [String] = []) async -> Run {
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console.piped(output: output, diagnostics: diagnostics)
        let overrides = AppDIContainer.Overrides(
            musicVideosRepository: Self.repository(),
            recentSearchesRepository: InMemoryRecentSearchesRepository(history),
            responseCacheStore: InMemoryResponseCacheStore())
        let application = Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console, overrides: overrides)
        let status = await application.run()
        return Run(status: status, output: output.text, diagnostics: diagnostics.text)
    }

    /// Each object's keys in the order they were written.
    private func keys(ofObjectsIn text: String) throws -> [[String]] {
        let objects = text.split(separator: "\n").filter { $0.contains("{") }
        return try objects.map { line in
            let object = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(line.trimmingCharacters(in: .init(charactersIn: " ,")).utf8))
                    as? [String: Any])
            // JSONSerialization forgets the order: find each key's position in the line.
            return object.keys.sorted {
                (line.range(of: "\"\($0)\":")?.lowerBound ?? line.endIndex)
                    < (line.range(of: "\"\($1)\":")?.lowerBound ?? line.endIndex)
            }
        }
    }

    @Test(
        "Given --json id,title,url, a search, --id and --artist-id print objects with exactly those keys, in that order",
        arguments: [["x"], ["--id", "2"], ["--artist-id", "9"]])
    func jsonFields(route: [String]) async throws {
        let result = await run(["--json", "id,title,url"] + route)
        #expect(result.status == .success, "\(result.diagnostics)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(!array.isEmpty)
        #expect(try keys(ofObjectsIn: result.output).allSatisfy { $0 == ["id", "title", "url"] })
    }

    @Test("The fields are written in the order given, not the default order")
    func fieldOrder() async throws {
        let result = await run(["--json=url,id", "x"])
        #expect(try keys(ofObjectsIn: result.output) == [["url", "id"], ["url", "id"]])
    }

    @Test(
        "Given --format jsonl, every line is one complete object and there is no array",
        arguments: [["x"], ["--id", "2"], ["--artist-id", "9"]])
    func jsonLines(route: [String]) async throws {
        let result = await run(["--format", "jsonl"] + route)
        #expect(result.status == .success, "\(result.diagnostics)")
        #expect(result.output.hasSuffix("}\n"))
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == (route == ["--id", "2"] ? 1 : 2))
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object.count == MusicVideosListItemViewModel.jsonKeys.count)
        }
    }

    @Test("jsonl and --json FIELDS together: one object a line with only those keys")
    func jsonLinesWithFields() async throws {
        for arguments in [
            ["--format", "jsonl", "--json", "title,id", "x"], ["--json", "title,id", "--format=jsonl", "x"],
        ] {
            let result = await run(arguments)
            #expect(result.output == "{\"title\":\"One\",\"id\":1}\n{\"title\":\"Two \\\"2\\\"\",\"id\":2}\n")
        }
    }

    @Test("--history: strings in an array or one a line; with --json term, objects")
    func history() async {
        let terms = ["jack johnson", "a\"b"]
        #expect(await run(["--history", "--json"], history: terms).output == "[\"jack johnson\",\"a\\\"b\"]\n")
        #expect(
            await run(["--history", "--format", "jsonl"], history: terms).output == "\"jack johnson\"\n\"a\\\"b\"\n")
        #expect(
            await run(["--history", "--json", "term"], history: terms).output
                == "[{\"term\":\"jack johnson\"},{\"term\":\"a\\\"b\"}]\n")
        #expect(
            await run(["--history", "--format", "jsonl", "--json=term"], history: terms).output
                == "{\"term\":\"jack johnson\"}\n{\"term\":\"a\\\"b\"}\n")
    }

    @Test(
        "An unknown field exits 64 before any request, naming it and listing the valid ones",
        arguments: [
            (["--json", "id,titel", "x"], "'titel' for videos — choose from id, title, artist,"),
            (["--json=term", "--id", "1"], "'term' for videos"),
            (["--history", "--json", "id"], "'id' for recent searches — choose from term"),
            (["--json", "Title,id", "x"], "'Title'"),
        ])
    func unknownField(arguments: [String], mentions: String) async {
        let repository = MockMusicVideosRepository()  // fails the test if asked anything
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console.piped(output: output, diagnostics: diagnostics)
        let overrides = AppDIContainer.Overrides(
            musicVideosRepository: repository, recentSearchesRepository: InMemoryRecentSearchesRepository(),
            responseCacheStore: InMemoryResponseCacheStore())
        let status = await Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console, overrides: overrides
        )
        .run()
        #expect(status == .usage)
        #expect(output.text.isEmpty)
        #expect(diagnostics.text.hasPrefix("mvsearch: unknown JSON field "))
        #expect(diagnostics.text.contains(mentions), "\(diagnostics.text)")
        #expect(diagnostics.text.filter { $0 == "\n" }.count == 1)
    }
}
