import Foundation

/// Recent search terms for `--history`: one sanitised line each, or a JSON array of strings.
public enum RecentSearchesRenderer {
    /// - Parameters:
    ///   - terms: Newest first.
    ///   - asJSON: A JSON array instead of lines.
    /// - Returns: The text; empty (or `[]`) when there are none.
    public static func render(_ terms: [String], asJSON: Bool) -> String {
        if asJSON {
            return "[" + terms.map(JSONText.quoted).joined(separator: ",") + "]\n"
        }
        return terms.map { TerminalSanitizer.sanitize($0) + "\n" }.joined()
    }
}
