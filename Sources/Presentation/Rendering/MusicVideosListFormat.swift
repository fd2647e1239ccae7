import Foundation

/// How a list of videos is written.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns fitted to the terminal's width.
    case table
    /// One tab-separated line per video, for scripts.
    case plain
    /// One JSON array of objects.
    case json
    /// One JSON object a line.
    case jsonl
}

/// Turns rows into the text written to standard output, in one piece.
public protocol MusicVideosListRenderer: Sendable {
    /// - Parameter items: The rows, in order; never empty.
    /// - Returns: The complete text, ending with a line break.
    func render(_ items: [MusicVideosListItemViewModel]) -> String
}
