import Foundation
import Presentation

/// The JSON keys `--json FIELDS` may name, per kind of output.
enum JSONFields {
    /// Every key of every kind of output: what a bare `--json` recognises as a field list, and
    /// what the shells complete after it.
    static let known: [String] = {
        var names = MusicVideosListItemViewModel.jsonKeys
        for name in ListCommand.all.flatMap(\.jsonKeys) where !names.contains(name) { names.append(name) }
        for name in RecentSearchesJSONRenderer.fields where !names.contains(name) { names.append(name) }
        return names
    }()

    /// The fields for videos (searches, `--id`, `--artist-id`).
    /// - Throws: `UsageError` naming the first unknown field and listing the valid ones.
    static func videoFields(_ names: [String]?) throws(UsageError) -> [String]? {
        try fields(names, of: MusicVideosListItemViewModel.self, for: "videos")
    }

    /// The fields for any rows that describe their JSON keys.
    /// - Returns: The names, checked; `nil` for every key.
    /// - Throws: `UsageError` naming the first unknown field and listing the valid ones.
    static func fields<Row: ListRowDescribing>(_ names: [String]?, of row: Row.Type, for output: String)
        throws(UsageError) -> [String]?
    {
        try fields(names, valid: Row.jsonKeys, for: output)
    }

    /// The fields for a list command's rows (`--artists`).
    static func fields(_ names: [String]?, of command: ListCommand) throws(UsageError) -> [String]? {
        try fields(names, valid: command.jsonKeys, for: command.rows)
    }

    private static func fields(_ names: [String]?, valid: [String], for output: String) throws(UsageError)
        -> [String]?
    {
        guard let names else { return nil }
        if let name = names.first(where: { !valid.contains($0) }) {
            throw unknown(name, for: output, valid: valid)
        }
        return names
    }

    /// Checks the fields for `--history`.
    /// - Returns: Whether objects were asked for (any field list) rather than strings.
    static func historyFields(_ names: [String]?) throws(UsageError) -> Bool {
        guard let names else { return false }
        if let name = names.first(where: { !RecentSearchesJSONRenderer.fields.contains($0) }) {
            throw unknown(name, for: "recent searches", valid: RecentSearchesJSONRenderer.fields)
        }
        return true
    }

    private static func unknown(_ name: String, for output: String, valid: [String]) -> UsageError {
        UsageError(
            "unknown JSON field \(CommandLineParser.quoted(name)) for \(output) — choose from \(valid.joined(separator: ", "))"
        )
    }
}
