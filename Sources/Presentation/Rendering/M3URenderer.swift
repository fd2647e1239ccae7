import Domain
import Foundation
import TerminalUI

/// One entry of a playlist: a clip's address, what a player shows for it, and its length.
public struct PlaylistEntry: Equatable, Sendable {
    /// An http(s) address.
    public let url: URL
    public let title: String
    public let artist: String?
    /// Whole seconds; `nil` when not known.
    public let durationSeconds: Int?

    public init(url: URL, title: String, artist: String?, durationSeconds: Int?) {
        self.url = url
        self.title = title
        self.artist = artist
        self.durationSeconds = durationSeconds
    }

    /// A video's preview clip; `nil` when it has none.
    public init?(previewOf video: MusicVideo) {
        guard let url = video.previewURL else { return nil }
        self.init(
            url: url, title: video.title, artist: video.artistName,
            durationSeconds: DurationFormatter.wholeSeconds(video.duration))
    }
}

/// An extended M3U playlist, as mpv, VLC and ffplay read it: `#EXTM3U`, then for each entry
/// `#EXTINF:<seconds>,<artist> - <title>` and its URL on a line of its own. Titles are sanitised
/// (no line break, no control character, so no entry can add a line of its own), and only
/// http(s) addresses without white space are written — a player's playlist may name local files
/// or special protocols, and no answer from a server may slip one in.
public enum M3UPlaylist {
    /// - Parameter entries: The entries, in the order they play.
    /// - Returns: The playlist's text, ending with a line break.
    public static func text(_ entries: [PlaylistEntry]) -> String {
        var text = "#EXTM3U\n"
        for entry in entries {
            let address = entry.url.absoluteString
            guard let scheme = entry.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                address.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
            else { continue }
            let name = [entry.artist, entry.title].compactMap { $0.map(TerminalSanitizer.sanitize) }
                .filter { !$0.isEmpty }.joined(separator: " - ")
            text += "#EXTINF:\(entry.durationSeconds ?? -1),\(name)\n\(address)\n"
        }
        return text
    }
}

/// Rows as an extended M3U playlist of their videos' preview clips (`--format m3u`); rows with no
/// video, or a video with no preview, are left out.
public struct M3URenderer<Row>: ListRenderer {
    public init() {}

    public func render(_ rows: [Row]) -> String {
        M3UPlaylist.text(
            rows.compactMap { ($0 as? any MusicVideoRow)?.musicVideo.flatMap(PlaylistEntry.init(previewOf:)) })
    }
}
