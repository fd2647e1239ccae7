import Foundation

/// How results are written, whatever they are.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns fitted to the terminal's width.
    case table
    /// One tab-separated line per row, for scripts.
    case plain
    /// One JSON array of objects.
    case json
    /// One JSON object a line.
    case jsonl
    /// An extended M3U playlist of the preview clips.
    case m3u
}
