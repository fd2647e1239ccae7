import Catalog
import Domain
import Foundation
import JSON
import MCPServer
import Testing

@Suite("The MCP front end: one tool per operation, schemas from the declarations")
struct CatalogMCPToolsTests {
    private func tools(_ repository: MockMusicVideosRepositoryForCatalog = .init()) throws -> [MCPTool] {
        CatalogMCPTools.tools(for: .standard, services: try CatalogServicesFixture.services(videos: repository))
    }

    private func context() -> MCPToolContext {
        MCPToolContext(requestID: .integer(1), progressToken: nil) { _ in }
    }

    @Test("Given the standard registry, then a tool per operation, read-only, with input and output schemas")
    func listing() throws {
        let tools = try tools()
        #expect(
            tools.map(\.name) == [
                "mvsearch_search", "mvsearch_lookup", "mvsearch_artists", "mvsearch_artist_videos", "mvsearch_top",
                "mvsearch_history", "mvsearch_genres", "mvsearch_also",
            ])
        let search = try #require(tools.first)
        #expect(search.inputSchema["required"] == ["term"])
        #expect(search.inputSchema["additionalProperties"] == false)
        #expect(search.inputSchema["properties"]?["limit"]?["maximum"] == 200)
        #expect(search.inputSchema["properties"]?["by"]?["enum"] == ["any", "artist", "song", "album"])
        #expect(search.outputSchema?["properties"]?["videos"]?["type"] == "array")
        #expect(search.annotations.readOnlyHint == true)
        #expect(tools.first { $0.name == "mvsearch_genres" }?.annotations.openWorldHint == false)
    }

    @Test("Given a search, then structured content under videos and the same JSON as text")
    func call() async throws {
        let search = try #require(try tools().first)
        let result = await search.handler(["term": "jack", "limit": 2], context())
        #expect(!result.isError)
        let structured = try #require(result.structuredContent)
        #expect(structured["videos"]?.arrayValue?.count == 2)
        #expect(try JSONValue.parse(result.text) == .object(structured))
    }

    @Test("Given limit 500, or a rate-limited answer, then isError with a message and a hint, never a protocol error")
    func errors() async throws {
        let search = try #require(try tools().first)
        let bad = await search.handler(["term": "jack", "limit": 500], context())
        #expect(bad.isError)
        #expect(bad.text == "limit must be a whole number from 1 to 200, not 500 — correct the argument and call again")
        let limited = try #require(try tools(.init(failure: .rateLimited(retryAfter: 30))).first)
        let refused = await limited.handler(["term": "jack"], context())
        #expect(refused.isError)
        #expect(refused.text.hasSuffix("call again in 30 seconds"))
    }

    @Test("Given nothing found, then an empty list, not an error")
    func nothingFound() async throws {
        let search = try #require(try tools(.init(videos: [])).first)
        let result = await search.handler(["term": "zzz"], context())
        #expect(!result.isError)
        #expect(result.structuredContent?["videos"] == [])
    }
}
