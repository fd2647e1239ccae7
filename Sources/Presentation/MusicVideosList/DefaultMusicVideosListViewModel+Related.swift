import Domain
import Foundation

/// "More like this" (`m`), and naming an artist's list after the artist.
extension DefaultMusicVideosListViewModel {
    public func didShowRelatedVideos(query: RelatedMusicVideosQuery) async {
        guard let useCase = relatedVideosUseCase else { return }
        await loadFirst { () async throws(CatalogError) in .related(try await useCase.execute(query: query)) }
    }

    public func didShowRelatedVideos(ofItemAt index: Int) {
        let rows = itemsSubject.value
        guard rows.indices.contains(index) else { return }
        actions?.showRelatedVideos(rows[index].video)
    }

    /// The artist's query, named after the artist when it was asked for by id alone
    /// (`--artist-id`): the name its own videos give, so the title says who, not a number.
    static func naming(_ query: ArtistMusicVideosQuery, from videos: [MusicVideo]) -> ArtistMusicVideosQuery {
        guard query.artistName == nil,
            let name = videos.first(where: { $0.artistID == query.artistID && $0.artistName != nil })?.artistName
        else { return query }
        var named = query
        named.artistName = name
        return named
    }
}
