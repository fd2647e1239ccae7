import Foundation

/// An artist's music videos, and the (normalised) lookup they answer.
public typealias ArtistMusicVideosPage = QueryResults<ArtistMusicVideosQuery, MusicVideo>

/// Fetches the music videos of one artist.
public protocol FetchArtistMusicVideosUseCase: Sendable {
    /// - Parameter query: The artist lookup as given.
    /// - Returns: Distinct videos, in the service's order, with the normalised query.
    /// - Throws: `CatalogError.invalidQuery` before any request; otherwise the repository's error.
    func execute(query: ArtistMusicVideosQuery) async throws(CatalogError) -> ArtistMusicVideosPage
}

/// Validates the lookup, asks the repository, and keeps the first of each track id.
public struct DefaultFetchArtistMusicVideosUseCase: FetchArtistMusicVideosUseCase {
    private let repository: any MusicVideosRepository

    /// - Parameter repository: Where videos come from.
    public init(repository: any MusicVideosRepository) {
        self.repository = repository
    }

    public func execute(query: ArtistMusicVideosQuery) async throws(CatalogError) -> ArtistMusicVideosPage {
        let validQuery = try QueryValidation.checked(query.validated)
        let videos = try await repository.fetchArtistMusicVideos(query: validQuery).uniqued()
        return ArtistMusicVideosPage(query: validQuery, items: videos)
    }
}
