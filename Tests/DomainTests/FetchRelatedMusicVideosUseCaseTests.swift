import Domain
import Mocks
import Testing

@Suite("More like this: a video's collection's videos, then its artist's")
struct FetchRelatedMusicVideosUseCaseTests {
    /// The video every test asks about: in collection 500, by artist 909253.
    private static let video = MusicVideo.stub(id: 10, artistID: 909_253, collectionID: 500)

    private static func videos(
        lookup: MusicVideo? = video, artist: [MusicVideo]? = nil
    ) -> MockMusicVideosRepository {
        var answer: MockMusicVideosRepository.ArtistHandler?
        if let artist { answer = { _ throws(CatalogError) in artist } }
        return MockMusicVideosRepository(lookup: { _ throws(CatalogError) in lookup }, artist: answer)
    }

    @Test("Given a video with a collection and an artist, then the collection's come first, then the artist's")
    func ordering() async throws {
        let videos = Self.videos(artist: [.stub(id: 30), .stub(id: 31)])
        let collections = MockMusicVideoCollectionsRepository.returning([.stub(id: 20), .stub(id: 21)])
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10, country: "gb", limit: 10))
        #expect(page.items.map(\.id) == [20, 21, 30, 31])
        #expect(page.video?.id == 10)
        #expect(page.query == RelatedMusicVideosQuery(id: 10, country: "GB", limit: 10))
        #expect(videos.lookedUpQueries == [MusicVideoLookupQuery(id: 10, country: "GB")])
        #expect(
            collections.collectionQueries == [CollectionMusicVideosQuery(collectionID: 500, country: "GB", limit: 11)])
        #expect(videos.artistQueries.map(\.artistID) == [909_253])
        #expect(videos.artistQueries.map(\.limit) == [11])
        #expect(videos.artistQueries.map(\.country) == ["GB"])
    }

    @Test("Given the video and repeats among the answers, then each other video is listed once and the video never")
    func dedupAndSelfExcluded() async throws {
        let videos = Self.videos(artist: [.stub(id: 10), .stub(id: 21), .stub(id: 30), .stub(id: 30), .stub(id: 20)])
        let collections = MockMusicVideoCollectionsRepository.returning([.stub(id: 20), .stub(id: 10), .stub(id: 21)])
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10))
        #expect(page.items.map(\.id) == [20, 21, 30])
    }

    @Test("Given a limit the collection fills, then no more than it is returned and the artist is not asked")
    func limitFilledByCollection() async throws {
        let videos = Self.videos()  // An artist lookup would fail the test.
        let collections = MockMusicVideoCollectionsRepository.returning([
            .stub(id: 10), .stub(id: 20), .stub(id: 21), .stub(id: 22),
        ])
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10, limit: 2))
        #expect(page.items.map(\.id) == [20, 21])
        #expect(videos.artistQueries.isEmpty)
        #expect(collections.collectionQueries.map(\.limit) == [3])
    }

    @Test("Given a limit the collection does not fill, then the artist's videos fill it and no more")
    func limitAcrossBoth() async throws {
        let videos = Self.videos(artist: [.stub(id: 20), .stub(id: 30), .stub(id: 31), .stub(id: 32)])
        let collections = MockMusicVideoCollectionsRepository.returning([.stub(id: 20)])
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10, limit: 3))
        #expect(page.items.map(\.id) == [20, 30, 31])
    }

    @Test("Given the largest limit, then each lookup asks for the most the service answers, not one more")
    func lookupLimitCapped() async throws {
        let videos = Self.videos(artist: [])
        let collections = MockMusicVideoCollectionsRepository.returning([])
        _ = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10, limit: 200))
        #expect(collections.collectionQueries.map(\.limit) == [200])
        #expect(videos.artistQueries.map(\.limit) == [200])
    }

    @Test("Given a video on its own (no collection), then only its artist's videos are asked for")
    func collectionLess() async throws {
        let videos = Self.videos(lookup: .stub(id: 10, collectionID: nil), artist: [.stub(id: 10), .stub(id: 30)])
        let collections = MockMusicVideoCollectionsRepository()  // A call would fail the test.
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10))
        #expect(page.items.map(\.id) == [30])
        #expect(collections.collectionQueries.isEmpty)
    }

    @Test("Given a video that names no artist, then only its collection's videos are asked for")
    func artistLess() async throws {
        let videos = Self.videos(lookup: .stub(id: 10, artistName: nil, artistID: nil, collectionID: 500))
        let collections = MockMusicVideoCollectionsRepository.returning([.stub(id: 20)])
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10))
        #expect(page.items.map(\.id) == [20])
        #expect(videos.artistQueries.isEmpty)
    }

    @Test("Given a video with neither, then nothing is found without another request")
    func neither() async throws {
        let videos = Self.videos(lookup: .stub(id: 10, artistID: nil, collectionID: nil))
        let collections = MockMusicVideoCollectionsRepository()
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10))
        #expect(page.items.isEmpty)
        #expect(page.video?.id == 10)
    }

    @Test("Given an id the store does not have, then nothing is found and nothing else is asked")
    func noSuchVideo() async throws {
        let videos = Self.videos(lookup: nil)
        let collections = MockMusicVideoCollectionsRepository()
        let page = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
            .execute(query: RelatedMusicVideosQuery(id: 10))
        #expect(page.video == nil)
        #expect(page.items.isEmpty)
        #expect(videos.artistQueries.isEmpty)
    }

    @Test(
        "Given a bad id, limit or country, then it is refused before any request",
        arguments: [
            (RelatedMusicVideosQuery(id: 0), QueryProblem.invalidID(0)),
            (RelatedMusicVideosQuery(id: -3), .invalidID(-3)),
            (RelatedMusicVideosQuery(id: 10, limit: 201), .limitOutOfRange(201, 1...200)),
            (RelatedMusicVideosQuery(id: 10, country: "usa"), .invalidCountry("usa")),
        ])
    func invalid(query: RelatedMusicVideosQuery, problem: QueryProblem) async {
        let videos = MockMusicVideosRepository()
        let collections = MockMusicVideoCollectionsRepository()
        await #expect(throws: CatalogError.invalidQuery(problem)) {
            _ = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
                .execute(query: query)
        }
        #expect(videos.lookedUpQueries.isEmpty)
    }

    @Test("Given the collection's lookup fails, then the failure is the answer, not a shorter list")
    func failurePropagates() async {
        let videos = Self.videos()
        let collections = MockMusicVideoCollectionsRepository(collection: { _ throws(CatalogError) in
            throw .rateLimited(retryAfter: nil)
        })
        await #expect(throws: CatalogError.rateLimited(retryAfter: nil)) {
            _ = try await DefaultFetchRelatedMusicVideosUseCase(videos: videos, collections: collections)
                .execute(query: RelatedMusicVideosQuery(id: 10))
        }
        #expect(videos.artistQueries.isEmpty)
    }
}
