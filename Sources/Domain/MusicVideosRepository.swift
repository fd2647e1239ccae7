import Foundation

/// Where music videos come from. Implemented in Data; replaced by a mock in tests.
public protocol MusicVideosRepository: Sendable {
    /// - Parameter query: A validated query.
    /// - Returns: One page of music videos, in the service's order.
    /// - Throws: `MusicVideoError`.
    func searchMusicVideos(query: MusicVideoQuery) async throws(MusicVideoError) -> MusicVideoPage
}
