import Foundation

/// Where music videos come from. Implemented in Data; replaced by a mock in tests.
public protocol MusicVideosRepository: Sendable {
    /// - Parameter query: A validated query.
    /// - Returns: One page of music videos, in the service's order.
    /// - Throws: `MusicVideoError`.
    func searchMusicVideos(query: MusicVideoQuery) async throws(MusicVideoError) -> MusicVideoPage

    /// - Parameter query: A validated lookup.
    /// - Returns: The video, or `nil` when the store has no music video with that id.
    /// - Throws: `MusicVideoError`.
    func fetchMusicVideo(query: MusicVideoLookupQuery) async throws(MusicVideoError) -> MusicVideo?

    /// - Parameter query: A validated artist lookup.
    /// - Returns: The artist's music videos in the service's order (the artist row itself is not one).
    /// - Throws: `MusicVideoError`.
    func fetchArtistMusicVideos(query: ArtistMusicVideosQuery) async throws(MusicVideoError) -> [MusicVideo]
}
