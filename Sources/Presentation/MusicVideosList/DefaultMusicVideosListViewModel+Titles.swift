import Domain
import Foundation
import TerminalUI

/// What the list is called, and what it says when it finds nothing.
extension DefaultMusicVideosListViewModel {
    /// `Music videos for "adele", 1–25`, `Music videos by Adele`, or `More like "4Ever"`.
    static func title(for source: MusicVideosListSource, rows: Range<Int>) -> String {
        switch source {
        case .search(let query):
            "Music videos for \"\(TerminalSanitizer.sanitize(query.term))\", \(rows.lowerBound)–\(rows.upperBound - 1)"
        case .artist(let query):
            "Music videos by " + (query.artistName.map(TerminalSanitizer.sanitize) ?? "artist \(query.artistID)")
        case .related(let query, let videoTitle): relatedTitle(query, videoTitle: videoTitle)
        }
    }

    /// `More like "4Ever"`, or `More like video 1`.
    public static func relatedTitle(_ query: RelatedMusicVideosQuery, videoTitle: String?) -> String {
        "More like " + (videoTitle.map { "\"\(TerminalSanitizer.sanitize($0))\"" } ?? "video \(query.id)")
    }

    static func noResultsMessage(for source: MusicVideosListSource) -> UserMessage {
        switch source {
        case .search(let query) where query.offset > 0:
            UserMessage(
                "no more music videos for \"\(query.term)\" after the first \(query.offset)", hint: .allResultsShown)
        case .search(let query):
            UserMessage("no music videos found for \"\(query.term)\"", hint: .tryOtherWords)
        case .artist(let query):
            UserMessage("no music videos found for artist \(query.artistID)", hint: .checkIDOrCountry)
        case .related(let query, let videoTitle?):
            // The video is there, so its id is right: no advice about it.
            UserMessage("no other music videos like \"\(videoTitle)\" in \(query.country)", hint: nil)
        case .related(let query, nil):
            UserMessage("no music video \(query.id) in \(query.country)", hint: .checkIDOrCountry)
        }
    }

    /// What a session says where the user stays when an artist's list finds nothing:
    /// `Clairo has no other music videos in US` when asked from one of their videos
    /// (`besidesAVideo`), `… has no music videos …` when asked from the artist.
    public static func noVideos(byArtistNamed name: String?, in country: String, besidesAVideo: Bool)
        -> UserMessage
    {
        let artist = name.map { TerminalSanitizer.excerpt($0) } ?? "this artist"
        return UserMessage(
            "\(artist) has no \(besidesAVideo ? "other " : "")music videos in \(country.uppercased())", hint: nil)
    }

    /// What a session says when `m` finds no video to be like: the store's lookup does not find
    /// it. Named by its title, as the user knows it, never by the store's id for it.
    public static func notFound(videoTitle: String, in country: String) -> UserMessage {
        UserMessage(
            "the \(country.uppercased()) store does not find \"\(TerminalSanitizer.excerpt(videoTitle))\": "
                + "nothing like it to show",
            hint: nil)
    }
}
