import Catalog
import Domain
import Foundation
import Mocks
import Testing

@Suite("The also operation: more like one video")
struct AlsoOperationTests {
    private let defaults = OperationDefaults(country: "GB", limit: 10)

    private func services(
        videos: MockMusicVideosRepository, collections: MockMusicVideoCollectionsRepository
    ) throws -> CatalogServices {
        let settings = CatalogSettings(baseURL: try #require(URL(string: "http://127.0.0.1:9/")), cache: .off)
        return CatalogServices(
            settings: settings,
            overrides: CatalogServices.Overrides(
                sessionManager: MockNetworkSessionManager(), musicVideosRepository: videos,
                recentSearchesRepository: InMemoryRecentSearchesRepository(),
                musicVideoCollectionsRepository: collections))
    }

    @Test("Given an id, then the limit and country default from the settings, and the query is the use case's")
    func defaultsApplied() throws {
        let arguments = try CatalogOperation.also.arguments([("id", .text("42"))], defaults: defaults)
        #expect(arguments.integer("id") == 42)
        #expect(try CatalogOperation.alsoQuery(arguments) == RelatedMusicVideosQuery(id: 42, country: "GB", limit: 10))
    }

    @Test("Given no id, a bad id, a bad limit or an unknown parameter, then each is refused naming it")
    func badArguments() {
        let cases: [([(name: String, value: ArgumentInput)], String)] = [
            ([], "id"),
            ([("id", .text("0"))], "id"),
            ([("id", .text("-5"))], "id"),
            ([("id", .text("abc"))], "id"),
            ([("id", .number(2.5))], "id"),
            ([("id", .integer(1)), ("limit", .integer(201))], "limit"),
            ([("id", .integer(1)), ("country", .text("USA"))], "country"),
            ([("id", .integer(1)), ("term", .text("x"))], "term"),
        ]
        for (inputs, parameter) in cases {
            let failure = #expect(throws: OperationFailure.self, "\(inputs)") {
                try CatalogOperation.also.arguments(inputs, defaults: defaults)
            }
            #expect(failure?.kind == .invalidArgument(parameter: parameter), "\(inputs)")
        }
    }

    @Test("Given a video with a collection and an artist, when it runs, then its rows are the videos' rows in order")
    func runs() async throws {
        let videos = MockMusicVideosRepository(
            lookup: { query throws(CatalogError) in .stub(id: query.id, collectionID: 500) },
            artist: { _ throws(CatalogError) in [.stub(id: 7), .stub(id: 30, title: "Upside Down")] })
        let collections = MockMusicVideoCollectionsRepository.returning([.stub(id: 20, title: "Sofia")])
        let arguments = try CatalogOperation.also.arguments(
            [("id", .integer(7)), ("limit", .integer(5)), ("country", .text("jp"))], defaults: defaults)
        let outcome = await CatalogOperation.also.run(
            arguments, services: try services(videos: videos, collections: collections))
        guard case .found(let result) = outcome else {
            Issue.record("expected rows, got \(outcome)")
            return
        }
        #expect(result.schema == .videos)
        #expect(
            result.rows == [CatalogRow(.stub(id: 20, title: "Sofia")), CatalogRow(.stub(id: 30, title: "Upside Down"))])
        #expect(
            collections.collectionQueries == [CollectionMusicVideosQuery(collectionID: 500, country: "JP", limit: 6)])
    }

    @Test("Given no such video, or one with no other, then nothing is found")
    func nothingFound() async throws {
        let none = MockMusicVideosRepository(lookup: { _ throws(CatalogError) in nil })
        let lonely = MockMusicVideosRepository(
            lookup: { query throws(CatalogError) in .stub(id: query.id) },
            artist: { query throws(CatalogError) in [.stub(id: 7)] })
        let arguments = try CatalogOperation.also.arguments([("id", .integer(7))], defaults: defaults)
        for videos in [none, lonely] {
            let outcome = await CatalogOperation.also.run(
                arguments, services: try services(videos: videos, collections: MockMusicVideoCollectionsRepository()))
            #expect(outcome == .nothingFound(OperationResult(rows: [], schema: .videos)))
        }
    }

    @Test("Given the standard registry, then also is in it, asks the service, and leads to details")
    func registered() {
        let also = OperationRegistry.standard.operation(named: "also")
        #expect(also?.optionName == "--also")
        #expect(also?.asksService == true)
        #expect(also?.rowsLeadTo == .videoDetails)
        #expect(also?.parameters.map(\.name) == ["id", "limit", "country"])
    }
}
