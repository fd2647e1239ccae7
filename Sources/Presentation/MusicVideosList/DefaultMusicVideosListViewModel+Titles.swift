import Domain
import Foundation
import TerminalUI

/// What the list is called, and what it says when it finds nothing.
extension DefaultMusicVideosListViewModel {
    /// `Music videos for "adele", 1–25`, or `Music videos by Adele`.
    static func title(for source: MusicVideosListSource, rows: Range<Int>) -> String {
        switch source {
        case .search(let query):
            "Music videos for \"\(TerminalSanitizer.sanitize(query.term))\", \(rows.lowerBound)–\(rows.upperBound - 1)"
        case .artist(let query):
            "Music videos by " + (query.artistName.map(TerminalSanitizer.sanitize) ?? "artist \(query.artistID)")
        }
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
        }
    }
}
