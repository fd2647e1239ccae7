import Domain
import Mocks
import Testing

@Suite("Lookup use cases")
struct LookupUseCaseTests {
    @Test("A lookup validates the id and country before asking the repository", arguments: [0, -4])
    func invalidID(id: Int) async {
        let repository = MockMusicVideosRepository()
        await #expect(throws: CatalogError.invalidQuery(.invalidID(id))) {
            _ = try await DefaultFetchMusicVideoUseCase(repository: repository).execute(
                query: MusicVideoLookupQuery(id: id))
        }
        #expect(repository.lookedUpQueries.isEmpty)
    }

    @Test("A lookup passes the normalised query and returns what the repository found")
    func lookup() async throws {
        let repository = MockMusicVideosRepository(lookup: { query throws(CatalogError) in .stub(id: query.id) })
        let video = try await DefaultFetchMusicVideoUseCase(repository: repository)
            .execute(query: MusicVideoLookupQuery(id: 42, country: "gb"))
        #expect(video?.id == 42)
        #expect(repository.lookedUpQueries == [MusicVideoLookupQuery(id: 42, country: "GB")])
    }

    @Test("An artist's videos are validated, and repeated track ids removed in order")
    func artistVideos() async throws {
        let repository = MockMusicVideosRepository(artist: { _ throws(CatalogError) in
            [.stub(id: 2), .stub(id: 1), .stub(id: 2)]
        })
        let useCase = DefaultFetchArtistMusicVideosUseCase(repository: repository)
        let page = try await useCase.execute(query: ArtistMusicVideosQuery(artistID: 7, country: "jp", limit: 5))
        #expect(page.items.map(\.id) == [2, 1])
        #expect(page.query.country == "JP")
        #expect(repository.artistQueries.map(\.country) == ["JP"])
        await #expect(throws: CatalogError.invalidQuery(.limitOutOfRange(500, 1...200))) {
            _ = try await useCase.execute(query: ArtistMusicVideosQuery(artistID: 7, limit: 500))
        }
        #expect(repository.artistQueries.count == 1)
    }
}

@Suite("Recent searches are remembered by the search use case")
struct RecentSearchesRuleTests {
    @Test("A search that found videos saves its normalised term")
    func savesSuccess() async throws {
        let recent = InMemoryRecentSearchesRepository(["older"])
        let useCase = DefaultSearchMusicVideosUseCase(
            repository: MockMusicVideosRepository.returning([.stub()]), recentSearches: recent)
        _ = try await useCase.execute(query: MusicVideoQuery(term: "  Jack   Johnson "))
        #expect(await recent.terms == ["Jack Johnson", "older"])
    }

    @Test("A search that failed or found nothing saves nothing")
    func skipsFailureAndEmpty() async {
        let recent = InMemoryRecentSearchesRepository()
        _ = try? await DefaultSearchMusicVideosUseCase(
            repository: MockMusicVideosRepository.returning([]), recentSearches: recent
        )
        .execute(query: MusicVideoQuery(term: "nothing"))
        _ = try? await DefaultSearchMusicVideosUseCase(
            repository: MockMusicVideosRepository.failing(with: .offline), recentSearches: recent
        )
        .execute(query: MusicVideoQuery(term: "offline"))
        #expect(await recent.terms.isEmpty)
    }

    @Test("The previous page goes back by one limit, never below zero")
    func previousPage() {
        let page = MusicVideoPage(query: MusicVideoQuery(term: "x", limit: 10, offset: 15), videos: [], rowCount: 10)
        #expect(page.previousPageQuery?.offset == 5)
        let first = MusicVideoPage(query: MusicVideoQuery(term: "x", limit: 10, offset: 5), videos: [], rowCount: 10)
        #expect(first.previousPageQuery?.offset == 0)
        #expect(MusicVideoPage(query: MusicVideoQuery(term: "x"), videos: [], rowCount: 0).previousPageQuery == nil)
    }
}
