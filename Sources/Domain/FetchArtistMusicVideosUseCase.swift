import Foundation

/// Fetches the music videos of one artist.
public protocol FetchArtistMusicVideosUseCase: Sendable {
    /// - Parameter query: The artist lookup as given.
    /// - Returns: Distinct videos, in the service's order.
    /// - Throws: `MusicVideoError.invalidQuery` before any request; otherwise the repository's error.
    func execute(query: ArtistMusicVideosQuery) async throws(MusicVideoError) -> [MusicVideo]
}

public struct DefaultFetchArtistMusicVideosUseCase: FetchArtistMusicVideosUseCase {
    private let repository: any MusicVideosRepository

    public init(repository: any MusicVideosRepository) {
        self.repository = repository
    }

    public func execute(query: ArtistMusicVideosQuery) async throws(MusicVideoError) -> [MusicVideo] {
        let validQuery: ArtistMusicVideosQuery
        do {
            validQuery = try query.validated()
        } catch {
            throw .invalidQuery(error)
        }
        return try await repository.fetchArtistMusicVideos(query: validQuery).uniqued()
    }
}
