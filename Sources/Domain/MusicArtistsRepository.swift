import Foundation

/// Where artists come from. Implemented in Data; replaced by a mock in tests.
public protocol MusicArtistsRepository: Sendable {
    /// - Parameter query: A validated query.
    /// - Returns: The artists, in the service's order.
    /// - Throws: `CatalogError`.
    func searchMusicArtists(query: MusicArtistQuery) async throws(CatalogError) -> [MusicArtist]
}
