import Domain
import Mocks
import Testing

@Suite("The search use case")
struct SearchMusicVideosUseCaseTests {
    @Test("Given an invalid query, the repository is never asked and the problem is thrown")
    func validatesFirst() async {
        let repository = MockMusicVideosRepository()
        let useCase = DefaultSearchMusicVideosUseCase(repository: repository)
        await #expect(throws: CatalogError.invalidQuery(.limitOutOfRange(0, 1...200))) {
            _ = try await useCase.execute(query: MusicVideoQuery(term: "x", limit: 0))
        }
        #expect(repository.searchedQueries.isEmpty)
    }

    @Test("The repository receives the normalised query")
    func passesNormalisedQuery() async throws {
        let repository = MockMusicVideosRepository.returning([.stub()])
        _ = try await DefaultSearchMusicVideosUseCase(repository: repository)
            .execute(query: MusicVideoQuery(term: " jack  johnson ", country: "us", limit: 5))
        #expect(repository.searchedQueries == [MusicVideoQuery(term: "jack johnson", country: "US", limit: 5)])
    }

    @Test("Repeated track ids are removed, the first kept, the service's order unchanged")
    func removesDuplicates() async throws {
        let videos: [MusicVideo] = [
            .stub(id: 3, title: "c"), .stub(id: 1, title: "a"), .stub(id: 3, title: "c again"),
            .stub(id: 2, title: "b"), .stub(id: 1, title: "a again"),
        ]
        let page = try await DefaultSearchMusicVideosUseCase(repository: MockMusicVideosRepository.returning(videos))
            .execute(query: MusicVideoQuery(term: "x", limit: 5))
        #expect(page.videos.map(\.title) == ["c", "a", "b"])
        #expect(page.rowCount == 5)
    }

    @Test(
        "A repository failure is passed through unchanged",
        arguments: [CatalogError.offline, .rateLimited(retryAfter: 30), .rejectedQuery(message: "bad")])
    func passesErrors(error: CatalogError) async {
        await #expect(throws: error) {
            _ = try await DefaultSearchMusicVideosUseCase(repository: MockMusicVideosRepository.failing(with: error))
                .execute(query: MusicVideoQuery(term: "x"))
        }
    }
}

@Suite("A page knows how to ask for the next")
struct MusicVideoPageTests {
    @Test("A full page leads to the next offset, counting every row the service sent")
    func nextPage() {
        let page = MusicVideoPage(
            query: MusicVideoQuery(term: "x", limit: 2, offset: 4), videos: [.stub()], rowCount: 2)
        #expect(page.hasNextPage)
        #expect(page.nextPageQuery?.offset == 6)
        #expect(page.nextPageQuery?.term == "x")
    }

    @Test("A short page is the last")
    func lastPage() {
        let page = MusicVideoPage(query: MusicVideoQuery(term: "x", limit: 25), videos: [.stub()], rowCount: 1)
        #expect(!page.hasNextPage)
        #expect(page.nextPageQuery == nil)
    }
}
