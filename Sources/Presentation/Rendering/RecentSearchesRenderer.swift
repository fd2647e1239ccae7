import Foundation

/// Recent search terms for `--history`: one sanitised line each, or JSON — strings, or objects
/// with the one key `term` when fields are asked for — in an array or one a line.
public enum RecentSearchesRenderer {
    /// The keys a recent search has in JSON, for `--history --json FIELDS`.
    public static let jsonFields = ["term"]

    /// - Parameters:
    ///   - terms: Newest first.
    ///   - format: `table` and `plain` write lines; `json` an array, `jsonl` one value a line.
    ///   - asObjects: JSON objects `{"term":…}` instead of strings.
    /// - Returns: The text; empty (or `[]`) when there are none.
    public static func render(_ terms: [String], format: MusicVideosListFormat, asObjects: Bool = false) -> String {
        func value(_ term: String) -> String {
            asObjects ? "{\"term\":" + JSONText.quoted(term) + "}" : JSONText.quoted(term)
        }
        switch format {
        case .table, .plain: return terms.map { TerminalSanitizer.sanitize($0) + "\n" }.joined()
        case .json: return "[" + terms.map(value).joined(separator: ",") + "]\n"
        case .jsonl: return terms.map { value($0) + "\n" }.joined()
        }
    }
}
