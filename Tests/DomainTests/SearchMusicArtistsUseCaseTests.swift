import Domain
import Mocks
import Testing

@Suite("Searching music-video artists")
struct SearchMusicArtistsUseCaseTests {
    @Test("Given a term with extra spaces and a lower-case country, the repository gets them normalised")
    func normalises() async throws {
        let repository = MockMusicArtistsRepository.returning([.stub()])
        let page = try await DefaultSearchMusicArtistsUseCase(repository: repository)
            .execute(query: MusicArtistQuery(term: "  jack \n johnson ", country: "gb", limit: 5))
        let expected = MusicArtistQuery(term: "jack johnson", country: "GB", limit: 5)
        #expect(repository.searchedQueries == [expected])
        #expect(page.query == expected)
    }

    @Test(
        "Given a query that breaks a rule, nothing is sent and the problem is an invalid query",
        arguments: [
            (MusicArtistQuery(term: "   "), QueryProblem.emptyTerm),
            (MusicArtistQuery(term: "x", country: "USA"), .invalidCountry("USA")),
            (MusicArtistQuery(term: "x", limit: 0), .limitOutOfRange(0, 1...200)),
        ])
    func rejects(query: MusicArtistQuery, problem: QueryProblem) async {
        let repository = MockMusicArtistsRepository()
        await #expect(throws: CatalogError.invalidQuery(problem)) {
            _ = try await DefaultSearchMusicArtistsUseCase(repository: repository).execute(query: query)
        }
        #expect(repository.searchedQueries.isEmpty)
    }

    @Test("Given the same artist twice, it is kept once, first place, order unchanged")
    func removesRepeats() async throws {
        let repository = MockMusicArtistsRepository.returning([
            .stub(id: 1, name: "A"), .stub(id: 2, name: "B"), .stub(id: 1, name: "A again"),
        ])
        let page = try await DefaultSearchMusicArtistsUseCase(repository: repository)
            .execute(query: MusicArtistQuery(term: "a"))
        #expect(page.items.map(\.name) == ["A", "B"])
    }

    @Test("Given a repository failure, it passes through unchanged")
    func failure() async {
        let repository = MockMusicArtistsRepository(search: { _ throws(CatalogError) in
            throw .rateLimited(retryAfter: 3)
        })
        await #expect(throws: CatalogError.rateLimited(retryAfter: 3)) {
            _ = try await DefaultSearchMusicArtistsUseCase(repository: repository).execute(
                query: MusicArtistQuery(term: "a"))
        }
    }
}
