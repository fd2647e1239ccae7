import Foundation

/// Artists found for a query, and the (normalised) query they answer.
public typealias MusicArtistsPage = QueryResults<MusicArtistQuery, MusicArtist>

/// Searches for music-video artists.
public protocol SearchMusicArtistsUseCase: Sendable {
    /// - Parameter query: The query as the user gave it.
    /// - Returns: Distinct artists, in the service's order, with the normalised query.
    /// - Throws: `CatalogError.invalidQuery` before any request; otherwise the repository's error.
    func execute(query: MusicArtistQuery) async throws(CatalogError) -> MusicArtistsPage
}

/// Validates the query, asks the repository, and keeps the first of each artist id.
public struct DefaultSearchMusicArtistsUseCase: SearchMusicArtistsUseCase {
    private let repository: any MusicArtistsRepository

    /// - Parameter repository: Where artists come from.
    public init(repository: any MusicArtistsRepository) {
        self.repository = repository
    }

    public func execute(query: MusicArtistQuery) async throws(CatalogError) -> MusicArtistsPage {
        let validQuery = try QueryValidation.checked(query.validated)
        return .distinct(query: validQuery, items: try await repository.searchMusicArtists(query: validQuery))
    }
}
