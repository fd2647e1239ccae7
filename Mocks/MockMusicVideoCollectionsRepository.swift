import Domain
import Foundation

/// A collections repository that answers from a closure and records every query. Without a
/// closure, a call fails the test.
public final class MockMusicVideoCollectionsRepository: MusicVideoCollectionsRepository, Sendable {
    public typealias Handler = CallRecorder<CollectionMusicVideosQuery, [MusicVideo]>.Handler

    private let calls: CallRecorder<CollectionMusicVideosQuery, [MusicVideo]>

    /// - Parameter collection: Answers `fetchCollectionMusicVideos`.
    public init(collection: Handler? = nil) {
        calls = CallRecorder(
            "MockMusicVideoCollectionsRepository.fetchCollectionMusicVideos(query:)", handler: collection)
    }

    /// The queries received, in order.
    public var collectionQueries: [CollectionMusicVideosQuery] { calls.queries }

    public func fetchCollectionMusicVideos(query: CollectionMusicVideosQuery) async throws(CatalogError)
        -> [MusicVideo]
    {
        try await calls(query)
    }

    /// Answers every collection with these videos, in this order.
    public static func returning(_ videos: [MusicVideo]) -> MockMusicVideoCollectionsRepository {
        MockMusicVideoCollectionsRepository(collection: { _ throws(CatalogError) in videos })
    }
}

/// A "more like this" use case that answers from a closure and records every query (for the
/// sessions' view models).
public final class MockFetchRelatedMusicVideosUseCase: FetchRelatedMusicVideosUseCase, Sendable {
    public typealias Handler = CallRecorder<RelatedMusicVideosQuery, RelatedMusicVideosPage>.Handler

    private let calls: CallRecorder<RelatedMusicVideosQuery, RelatedMusicVideosPage>

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        calls = CallRecorder("MockFetchRelatedMusicVideosUseCase.execute(query:)", handler: handler)
    }

    /// The queries received, in order.
    public var queries: [RelatedMusicVideosQuery] { calls.queries }

    public func execute(query: RelatedMusicVideosQuery) async throws(CatalogError) -> RelatedMusicVideosPage {
        try await calls(query)
    }
}
