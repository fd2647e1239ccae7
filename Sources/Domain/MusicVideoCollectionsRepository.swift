import Foundation

/// Where a collection's music videos come from. Implemented in Data; replaced by a mock in tests.
public protocol MusicVideoCollectionsRepository: Sendable {
    /// - Parameter query: A validated collection lookup.
    /// - Returns: The collection's music videos in the service's order, at most the query's
    ///   limit (the collection's own row is not one).
    /// - Throws: `CatalogError`.
    func fetchCollectionMusicVideos(query: CollectionMusicVideosQuery) async throws(CatalogError) -> [MusicVideo]
}
