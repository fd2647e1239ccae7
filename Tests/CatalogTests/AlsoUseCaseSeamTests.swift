import Catalog
import Domain
import Foundation
import Mocks
import Testing

/// The `also` operation's two ends over the "more like this" use case: the query its arguments
/// make is what the use case receives, and the page the use case answers becomes the rows.
/// `CatalogServices.Overrides` has no slot for the use case, so the double stands in for it here
/// rather than inside a running operation.
@Suite("The also operation's arguments and rows across the use case")
struct AlsoUseCaseSeamTests {
    @Test("Given also's arguments, when the use case runs, then it gets the checked query and its videos are rows")
    func queryInRowsOut() async throws {
        let useCase = MockFetchRelatedMusicVideosUseCase { query throws(CatalogError) in
            RelatedMusicVideosPage(
                query: query, video: .stub(id: query.id),
                items: [.stub(id: 20, title: "Sofia"), .stub(id: 30, title: "Upside Down")])
        }
        let arguments = try CatalogOperation.also.arguments(
            [("id", .integer(7)), ("country", .text("jp"))], defaults: OperationDefaults(country: "GB", limit: 4))
        let page = try await useCase.execute(query: try CatalogOperation.alsoQuery(arguments))
        #expect(useCase.queries == [RelatedMusicVideosQuery(id: 7, country: "JP", limit: 4)])
        #expect(
            page.items.map(CatalogRow.init)
                == [CatalogRow(.stub(id: 20, title: "Sofia")), CatalogRow(.stub(id: 30, title: "Upside Down"))])
    }
}
