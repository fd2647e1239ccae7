import Catalog
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
        for name in OperationRegistry.standard.operations.flatMap(\.rows.keys) where !names.contains(name) {
            names.append(name)
        }
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

    /// The fields for an operation's rows, as its declaration names them.
    static func fields(_ names: [String]?, of rows: RowSchema) throws(UsageError) -> [String]? {
        try fields(names, valid: rows.keys, for: rows.description)
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

    /// A word that a bare `--json` took as the start of the term but that looks like a key
    /// mistyped (`--json titel clairo` searches for "titel clairo"): the word, and the key it is
    /// closest to — one edit away, or two for a word of five letters or more, so a short search
    /// word (`u2`) is never taken for a key (`id`).
    /// - Parameters:
    ///   - arguments: The command line, after the program name.
    ///   - keys: The keys of what the command prints.
    /// - Returns: `nil` when no bare `--json` is followed by such a word.
    static func misreadFieldList(in arguments: [String], keys: [String]) -> (word: String, key: String)? {
        let options = arguments.prefix { $0 != "--" }
        guard let index = options.lastIndex(of: "--json"), index + 1 < options.endIndex else { return nil }
        let word = options[index + 1]
        guard !word.hasPrefix("-"), !CommandLineParser.isFieldList(word), word.count <= 40 else { return nil }
        let typed = Array(word.lowercased())
        let scored = keys.map { ($0, CommandLineParser.editDistance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= (typed.count >= 5 ? 2 : 1),
            best.1 < typed.count
        else { return nil }
        return (word, best.0)
    }

    private static func unknown(_ name: String, for output: String, valid: [String]) -> UsageError {
        UsageError(
            "unknown JSON field \(CommandLineParser.quoted(name)) for \(output) — choose from \(valid.joined(separator: ", "))"
        )
    }
}
