import Foundation

/// Searches for music videos.
public protocol SearchMusicVideosUseCase: Sendable {
    /// - Parameter query: The query as the user gave it.
    /// - Returns: A page of distinct videos, in the service's order.
    /// - Throws: `CatalogError.invalidQuery` before any request when the query breaks a rule;
    ///   otherwise whatever the repository throws.
    func execute(query: MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage
}

/// Validates and normalises the query, asks the repository, keeps the first of each track id
/// (the service lists one video under several collections), and remembers the term of a
/// search that found videos.
public struct DefaultSearchMusicVideosUseCase: SearchMusicVideosUseCase {
    private let repository: any MusicVideosRepository
    private let recentSearches: (any RecentSearchesRepository)?

    /// - Parameters:
    ///   - repository: Where videos come from.
    ///   - recentSearches: Where successful terms are remembered; `nil` remembers nothing.
    public init(repository: any MusicVideosRepository, recentSearches: (any RecentSearchesRepository)? = nil) {
        self.repository = repository
        self.recentSearches = recentSearches
    }

    public func execute(query: MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage {
        let validQuery = try QueryValidation.checked(query.validated)
        let page = try await repository.searchMusicVideos(query: validQuery)
        if !page.videos.isEmpty, let recentSearches {
            await recentSearches.save(validQuery.term)
        }
        return MusicVideoPage(query: page.query, videos: page.videos.uniqued(), rowCount: page.rowCount)
    }
}

extension Array where Element == MusicVideo {
    /// The videos with repeated track ids removed, first occurrence kept, order unchanged.
    public func uniqued() -> [MusicVideo] {
        var seen = Set<MusicVideo.ID>()
        seen.reserveCapacity(count)
        return filter { seen.insert($0.id).inserted }
    }
}
