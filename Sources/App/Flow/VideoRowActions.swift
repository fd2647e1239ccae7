import Domain
import Foundation

/// What `o`, `a` and `m` do on a video row of a list that has no inputs for them (a chart): open
/// its page, its artist's videos, or the videos like it — as on search results.
struct VideoRowActions {
    let openPage: @MainActor (MusicVideo) -> Void
    let showArtist: @MainActor (MusicVideo) -> Void
    let showRelated: @MainActor (MusicVideo) -> Void
}

extension SessionNavigation {
    /// `o`, `a` and `m` on a chart's rows, saying so when a video has no page or no artist.
    var videoRowActions: VideoRowActions {
        VideoRowActions(
            openPage: { [weak self] video in
                guard let url = video.trackURL, ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                    self?.report("this video has no web page to open")
                    return
                }
                self?.open(url)
            },
            showArtist: { [weak self] video in
                guard let artistID = video.artistID else {
                    self?.report("the store does not say who the artist is")
                    return
                }
                self?.showArtistVideos(artistID: artistID, artistName: video.artistName, besidesAVideo: true)
            },
            showRelated: { [weak self] in self?.showRelatedVideos(of: $0) })
    }
}
