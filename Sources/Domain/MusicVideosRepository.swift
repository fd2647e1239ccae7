import Foundation

/// Where music videos come from. Implemented in Data; replaced by a mock in tests.
public protocol MusicVideosRepository: Sendable {
    /// - Parameter query: A validated query.
    /// - Returns: One page of music videos, in the service's order.
    /// - Throws: `CatalogError`.
    func searchMusicVideos(query: MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage

    /// - Parameter query: A validated lookup.
    /// - Returns: The video, or `nil` when the store has no music video with that id.
    /// - Throws: `CatalogError`.
    func fetchMusicVideo(query: MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo?

    /// - Parameter query: A validated artist lookup.
    /// - Returns: The artist's music videos in the service's order (the artist row itself is not one).
    /// - Throws: `CatalogError`.
    func fetchArtistMusicVideos(query: ArtistMusicVideosQuery) async throws(CatalogError) -> [MusicVideo]
}
