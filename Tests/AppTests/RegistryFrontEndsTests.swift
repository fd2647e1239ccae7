import Catalog
import Domain
import Foundation
import HTTPServer
import JSON
import MCPServer
import Mocks
import Presentation
import Testing

@testable import App

/// The command line, `serve` and `mcp` all follow Catalog's one declaration of each operation.
@Suite("Every front end follows the operation registry")
struct RegistryFrontEndsTests {
    @Test("Given the standard registry, then the option table spells every operation and parameter as declared")
    func tableSpellsTheRegistry() throws {
        for operation in OperationRegistry.standard.operations {
            if case .option(let long, _, _) = operation.commandLine {
                #expect(CommandLineOption.named(long) != nil, "\(operation.name): \(long)")
            }
            for parameter in operation.parameters {
                switch parameter.commandLine {
                case .option(let long, let short, let placeholder):
                    let option = try #require(CommandLineOption.named(long), "\(parameter.name)")
                    #expect(option.short == short)
                    #expect(option.value == .required(placeholder))
                    #expect(option.parameter == parameter.name)
                    if case .choice(let choices) = parameter.kind { #expect(option.choices == choices) }
                case .switchOff(let long):
                    let option = try #require(CommandLineOption.named(long), "\(parameter.name)")
                    #expect(option.value == .none)
                    #expect(option.parameter == parameter.name)
                case .operationValue(let placeholder):
                    guard case .option(let long, _, _) = operation.commandLine else { continue }
                    #expect(CommandLineOption.named(long)?.value == .required(placeholder))
                case .words, .none: break
                }
            }
        }
        // What only its declaration spells: the genres, which need no flow of their own.
        #expect(CommandLineOption.generated(for: .standard).map(\.long) == ["--genres"])
    }

    @Test(
        "Given the settings table, then every option that sets a setting is a row of the option table, once, and --settings lists every setting"
    )
    func settingsAreRows() throws {
        for setting in SettingsTable.shared.all {
            for long in setting.optionNames {
                #expect(CommandLineOption.all.filter { $0.long == long }.count == 1, "\(setting.key): \(long)")
            }
            for option in setting.options {
                let row = try #require(CommandLineOption.named(option.long))
                #expect(row.scopes == option.scopes && row.choices == setting.choices, "\(option.long)")
            }
        }
        guard case .search(let options) = try CommandLineParser.parse(["x"]) else { throw UsageError("no") }
        let settings = try UserSettings(options: options, environment: [:], file: .noFile)
        #expect(settings.rows.map(\.key) == SettingsTable.shared.all.map(\.key))
        #expect(Set(SettingsTable.shared.all.map(\.key)).count == SettingsTable.shared.all.count)
        // Every setting the table declares is in `all` (a property left out would be read by
        // nothing: not the file, not --settings).
        let declared = Mirror(reflecting: SettingsTable.shared).children.compactMap { $0.value as? any DeclaredSetting }
        #expect(declared.map(\.key) == SettingsTable.shared.all.map(\.key))
    }

    @Test("Given each list command, then its rows' JSON keys are its operation's, as are the search's and history's")
    func jsonKeysAreTheOperations() {
        for command in ListCommand.all {
            #expect(command.jsonKeys == command.operation.rows.keys, "\(command.option.long)")
        }
        #expect(MusicVideosListItemViewModel.jsonKeys == CatalogOperation.search.rows.keys)
        #expect(RecentSearchesJSONRenderer.fields == CatalogOperation.history.rows.keys)
    }

    @Test("Given the same videos, then serve's and mcp's rows are the JSON --json prints, value for value")
    func rowsAreTheCommandLinesJSON() throws {
        let videos: [MusicVideo] = [
            .stub(), .stub(id: 2, title: "Tab\there \u{1B}[31m", explicitness: .explicit, price: nil),
            .stub(id: 3, artistName: nil, artistID: nil, releaseDate: nil, duration: nil, explicitness: .unknown),
        ]
        let printed = JSONRenderer<MusicVideosListItemViewModel>().render(videos.map(MusicVideosListItemViewModel.init))
        let rows = OperationResult(rows: videos.map(CatalogRow.init), schema: .videos).jsonObject["videos"]
        #expect(try JSONValue.parse(printed) == rows)
    }

    /// An operation no front end has heard of.
    private static let moods = CatalogOperation(
        name: "moods", title: "Music video moods", summary: "The moods of the store's music videos, with their ids.",
        parameters: [
            .country,
            OperationParameter(
                "mood", .choice(["calm", "loud"]), summary: "only genres of this mood",
                commandLine: .option(long: "--mood", short: nil, placeholder: "MOOD")),
        ],
        rows: RowSchema(
            name: "moods", rowSummary: "a mood",
            fields: [.init("id", .integer, nullable: false, "the genre's id"), .init("name", .string, "its name")]),
        commandLine: .option(long: "--moods", help: "list the store's music video moods", usage: "the moods"),
        rowsLeadTo: .search, asksService: false
    ) { arguments, _ in
        arguments.text("mood") == "loud"
            ? [CatalogRow([.integer(21), .string("Rock")])] : [CatalogRow([.integer(14), .string("Pop")])]
    }

    @Test("Given a new operation in a registry, then it is at once an option in --help, a route and an MCP tool")
    func newOperationEverywhere() async throws {
        let registry = OperationRegistry(OperationRegistry.standard.operations + [Self.moods])

        let help = HelpText.usage(width: 100, registry: registry)
        #expect(help.contains("  --moods "))
        #expect(help.contains("  --mood MOOD "))
        #expect(help.contains("mvsearch --moods [--country CC] [--mood MOOD]"))

        let services = CatalogServices(
            settings: CatalogSettings(baseURL: try #require(URL(string: "http://127.0.0.1:9/"))))
        let http = CatalogHTTPService(registry: registry, services: services)
        let address = HTTPServerAddress(host: "127.0.0.1", port: 8990)
        http.listen(on: address)
        let document = await http.respond(
            to: HTTPServerRequest(
                method: "GET", target: "/openapi.json", path: "/openapi.json", headers: ["Host": "127.0.0.1:8990"]))
        let paths = try #require(try JSONValue.parse(document.body)["paths"]?.objectValue)
        #expect(paths["/v1/moods"]?["get"]?["parameters"]?[1]?["schema"]?["enum"] == ["calm", "loud"])
        let answer = await http.respond(
            to: HTTPServerRequest(
                method: "GET", target: "/v1/moods?mood=loud", path: "/v1/moods", query: [("mood", "loud")],
                headers: ["Host": "127.0.0.1:8990"]))
        #expect(try JSONValue.parse(answer.body) == ["moods": [["id": 21, "name": "Rock"]]])

        let tools = CatalogMCPTools.tools(for: registry, services: services)
        let tool = try #require(tools.first { $0.name == "mvsearch_moods" })
        #expect(tool.inputSchema["properties"]?["mood"]?["enum"] == ["calm", "loud"])
        #expect(tool.outputSchema?["properties"]?["moods"]?["type"] == "array")
        let result = await tool.handler(
            ["mood": "calm"], MCPToolContext(requestID: .integer(1), progressToken: nil) { _ in })
        #expect(result.structuredContent == ["moods": [["id": 14, "name": "Pop"]]])
    }
}
