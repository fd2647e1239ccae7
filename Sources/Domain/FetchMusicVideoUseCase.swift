import Foundation

/// Fetches one music video's details by its track id.
public protocol FetchMusicVideoUseCase: Sendable {
    /// - Parameter query: The lookup as given.
    /// - Returns: The video, or `nil` when there is none with that id.
    /// - Throws: `CatalogError.invalidQuery` before any request; otherwise the repository's error.
    func execute(query: MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo?
}

/// Validates the lookup, then asks the repository.
public struct DefaultFetchMusicVideoUseCase: FetchMusicVideoUseCase {
    private let repository: any MusicVideosRepository

    /// - Parameter repository: Where videos come from.
    public init(repository: any MusicVideosRepository) {
        self.repository = repository
    }

    public func execute(query: MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo? {
        let validQuery = try QueryValidation.checked(query.validated)
        return try await repository.fetchMusicVideo(query: validQuery)
    }
}
