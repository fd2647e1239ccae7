import Domain
import Foundation

extension DefaultMusicVideosListViewModel {
    /// The rows of `videos` that are not among `shown` yet: a next page that repeats rows (a
    /// service that ignores the offset, which API-FACTS says is undocumented, or results that
    /// shifted between two requests) adds only what is new — and one that brings nothing new is
    /// the last.
    static func items(for videos: [MusicVideo], after shown: [MusicVideosListItemViewModel])
        -> [MusicVideosListItemViewModel]
    {
        let items = MusicVideosListItemViewModel.items(for: videos)
        guard !shown.isEmpty else { return items }
        let ids = Set(shown.map(\.video.id))
        return items.filter { !ids.contains($0.video.id) }
    }
}
