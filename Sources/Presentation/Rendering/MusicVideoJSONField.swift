import Foundation

/// The keys of a video's JSON object (DESIGN §6), in the order they are written by default.
/// `--json FIELDS` picks some of them, in the order given.
public enum MusicVideoJSONField: String, CaseIterable, Sendable {
    case id, title, artist, artistId, collection, releaseDate, durationSeconds, genre, explicit, country, currency
    case price, url, artistUrl, previewUrl, artworkUrl
}

/// How JSON output is laid out.
public enum JSONLayout: Sendable {
    /// One array, one object a line (`--format json`).
    case array
    /// One object a line and nothing else, for `jq -c` and streaming (`--format jsonl`).
    case lines
}
