import Catalog
import Domain
import Testing

@Suite("An operation's arguments are checked once, for every front end")
struct OperationArgumentsTests {
    private let defaults = OperationDefaults(country: "GB", limit: 10)

    @Test("Given only the term, then the defaults come from the declarations and the settings")
    func defaultsApplied() throws {
        let arguments = try CatalogOperation.search.arguments([("term", .text("clairo"))], defaults: defaults)
        #expect(arguments.text("term") == "clairo")
        #expect(arguments.text("country") == "GB")
        #expect(arguments.integer("limit") == 10)
        #expect(arguments.integer("offset") == 0)
        #expect(arguments.text("by") == "any")
        #expect(arguments.boolean("explicit") == true)
    }

    @Test("Given text as a URL's query carries it, then numbers, choices, booleans and countries are read")
    func textValues() throws {
        let arguments = try CatalogOperation.search.arguments(
            [
                ("term", .text("a")), ("limit", .text("5")), ("by", .text("ARTIST")), ("explicit", .text("false")),
                ("country", .text("jp")),
            ], defaults: defaults)
        #expect(arguments.integer("limit") == 5)
        #expect(arguments.text("by") == "artist")
        #expect(arguments.boolean("explicit", otherwise: true) == false)
        #expect(arguments.text("country") == "JP")
    }

    @Test("Given a value out of its range or of the wrong kind, then the failure names the parameter and its rule")
    func badValues() {
        let cases: [(String, ArgumentInput, String)] = [
            ("limit", .integer(500), "limit must be a whole number from 1 to 200, not 500"),
            ("limit", .text("0x10"), "limit must be a whole number from 1 to 200"),
            ("limit", .number(2.5), "limit must be a whole number from 1 to 200"),
            ("by", .text("genre"), "by must be one of any, artist, song, album"),
            ("explicit", .text("maybe"), "explicit must be true or false"),
            ("country", .text("USA"), "country must be a two-letter store country such as US, GB or JP"),
            ("offset", .structured, "offset must be a whole number from 0 to 1000000"),
        ]
        for (name, input, message) in cases {
            #expect(
                throws: OperationFailure.invalidArgument(parameter: name, message: message),
                "\(name) = \(input)"
            ) {
                try CatalogOperation.search.arguments([("term", .text("a")), (name, input)], defaults: defaults)
            }
        }
    }

    @Test("Given an unknown parameter, a repeated one or a missing required one, then each is named")
    func unknownRepeatedMissing() throws {
        let unknown = #expect(throws: OperationFailure.self) {
            try CatalogOperation.top.arguments([("term", .text("x"))], defaults: defaults)
        }
        #expect(unknown?.kind == .invalidArgument(parameter: "term"))
        #expect(unknown?.message == "top has no parameter \"term\"")
        #expect(unknown?.hint == "use limit, country, genre")
        let repeated = #expect(throws: OperationFailure.self) {
            try CatalogOperation.search.arguments([("term", .text("a")), ("term", .text("b"))], defaults: defaults)
        }
        #expect(repeated?.message == "term is given twice")
        let missing = #expect(throws: OperationFailure.self) {
            try CatalogOperation.lookup.arguments([], defaults: defaults)
        }
        #expect(missing?.kind == .invalidArgument(parameter: "id"))
    }

    @Test("Given a term the domain refuses, then the run fails naming the term, before any request")
    func domainRule() async throws {
        let repository = MockMusicVideosRepositoryForCatalog()
        let services = try CatalogServicesFixture.services(videos: repository)
        let arguments = try CatalogOperation.search.arguments([("term", .text("   "))], defaults: defaults)
        let outcome = await CatalogOperation.search.run(arguments, services: services)
        guard case .failed(let failure) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(failure.kind == .invalidArgument(parameter: "term"))
        #expect(repository.calls == 0)
    }
}
