import Catalog
import Foundation
import Platform
import Presentation

/// What `--help` and `--version` print. The options come from `CommandLineOption.all`, the
/// list commands' usage lines and JSON keys from `ListCommand.all`. Every line fits the width
/// asked for, wrapped between words.
enum HelpText {
    static let version = "mvsearch 0.1.0"

    /// Where the options' help starts on each line.
    private static let helpColumn = 25

    /// Where the usage lines' descriptions start.
    private static let usageColumn = 34

    /// The narrowest column a description keeps beside its names; narrower, it goes below them.
    private static let narrowestDescription = 24

    /// The help for a terminal `width` columns wide (80 when the output is not a terminal): lines
    /// wrap between words, never wider than that (a word longer than a line stays whole).
    /// - Parameter registry: The operations offered; the table's rows, and a row for each
    ///   operation or parameter it does not spell yet.
    static func usage(width: Int = 80, registry: OperationRegistry = .standard) -> String {
        let width = max(40, width)
        let generated = registry.operations.filter { operation in
            if case .option(let long, _, _) = operation.commandLine { return !CommandLineOption.isSpelled(long) }
            return false
        }
        let shown = Set(CommandLineOption.all.map(\.long))
        return lines(of: "mvsearch — search the iTunes Store for music videos", width: width).joined(separator: "\n")
            + "\n\nUsage:\n"
            + table(usageLines + generated.map(usageLine), column: usageColumn, width: width)
            + "\nOptions:\n"
            + table(
                (CommandLineOption.all + CommandLineOption.generated(for: registry).filter { !shown.contains($0.long) })
                    .map {
                        ($0.synopsis, $0.help.joined(separator: " "))
                    }, column: helpColumn, width: width)
            + table([("    --", "end of options; what follows is the term")], column: helpColumn, width: width)
            + "\nJSON keys:\n" + jsonKeys(width: width)
            + "\nSession keys (? there lists them all):\n"
            + paragraph(
                "↑/↓ move · Enter details · / filter · p play the preview · y copy the URL · o open the page · "
                    + "a the artist's videos · S sort · s new search · Esc back · ? help · q quit · "
                    + "mouse wheel scrolls · click selects · double click opens · --pick: Tab mark · "
                    + "Enter print marked rows · Esc/q print nothing (130)",
                width: width, items: true)
            + "\nSettings file:\n"
            + paragraph(
                "$XDG_CONFIG_HOME/mvsearch/config, else ~/.config/mvsearch/config: key = value lines and # comments: "
                    + SettingsTable.shared.all.map { "\($0.key) (\($0.shortValues))" }.joined(separator: ", ")
                    + ". The command line wins, then the environment (MVSEARCH_COUNTRY, NO_COLOR, …), then the file,"
                    + " then the defaults: mvsearch --settings shows each and where it comes from.", width: width)
            + "\nExit status:\n"
            + paragraph(
                "0 results shown · 1 nothing found · 64 bad usage or rejected query · 65 unreadable answer · "
                    + "69 service unavailable · 73 history not cleared · 74 output not written · "
                    + "75 timed out or rate limited · 78 bad settings file · 130 interrupted, pick cancelled · 131 quit · "
                    + "143 terminated", width: width,
                items: true)
            + "\nExamples:\n" + examples
    }

    /// The help at 80 columns.
    static let usage = usage()

    private static var usageLines: [(String, String)] {
        [
            ("mvsearch [options] <term>...", "search; the words are joined with spaces"),
            ("mvsearch", "interactive session (when stdin is a terminal)"),
            ("mvsearch -i [<term>...]", "interactive session, also with piped input"),
            ("mvsearch --pick [<term>...]", "choose videos, print them on stdout"),
            ("mvsearch --id <trackId>", "one video's details"),
        ] + ListCommand.all.map { ("mvsearch \($0.synopsis)", $0.usage) }
            + [
                ("mvsearch --history", "recent searches, newest first"),
                ("mvsearch serve [--listen HOST:PORT]", "the operations as JSON over HTTP (loopback)"),
                ("mvsearch mcp", "the operations as MCP tools on stdin/stdout"),
            ]
    }

    /// The usage line of an operation the table does not spell yet: its option, its parameters'.
    private static func usageLine(_ operation: CatalogOperation) -> (String, String) {
        guard case .option(let long, _, let usage) = operation.commandLine else { return ("", "") }
        let parameters = operation.parameters.compactMap { parameter -> String? in
            switch parameter.commandLine {
            case .option(let flag, _, let placeholder): " [\(flag) \(placeholder)]"
            case .switchOff(let flag): " [\(flag)]"
            case .words: " <\(parameter.name)>..."
            case .operationValue(let placeholder): " " + placeholder
            case .none: nil
            }
        }
        return ("mvsearch \(long)" + parameters.joined(), usage)
    }

    /// Each kind of output's keys; list commands whose rows are videos are named with them.
    private static func jsonKeys(width: Int) -> String {
        let videoKeys = MusicVideosListItemViewModel.jsonKeys
        let videoCommands = ListCommand.all.filter { $0.jsonKeys == videoKeys }.map(\.option.long)
        let kinds =
            [("videos (searches, --id\(videoCommands.map { ", " + $0 }.joined()))", videoKeys)]
            + ListCommand.all.filter { $0.jsonKeys != videoKeys }.map {
                ("\($0.rows) (\($0.option.long))", $0.jsonKeys)
            }
            + [("recent searches (--history)", RecentSearchesJSONRenderer.fields)]
        return kinds.map { paragraph("\($0.0): " + $0.1.joined(separator: ", "), width: width) }.joined()
    }

    private static let examples = """
          mvsearch jack johnson
          mvsearch --by artist -c GB -l 10 adele
          mvsearch --top -c gb -l 10
          mvsearch --sort year -l 50 clairo
          mvsearch --json adele | jq '.[].title'
          mvsearch --pick clairo | cut -f7

        """

    /// Names and their descriptions in two columns, each description wrapped under itself; where
    /// the names leave too little room, the description goes on the lines below them.
    private static func table(_ rows: [(names: String, description: String)], column: Int, width: Int) -> String {
        var text = ""
        for (names, description) in rows {
            let lead = "  " + names
            let beside = width - column >= narrowestDescription
            let indent = beside ? column : 8
            let pieces = lines(of: description, width: width - indent)
            if beside && lead.count < column {
                text += lead + String(repeating: " ", count: column - lead.count) + (pieces.first ?? "") + "\n"
            } else {
                // Names wider than the screen (an operation's usage line) break between words.
                let wrapped = lines(of: names, width: width - 4).enumerated().map {
                    ($0 == 0 ? "  " : "    ") + $1
                }
                let first = String(repeating: " ", count: indent) + (pieces.first ?? "")
                text += wrapped.joined(separator: "\n") + "\n" + first + "\n"
            }
            for piece in pieces.dropFirst() { text += String(repeating: " ", count: indent) + piece + "\n" }
        }
        return text
    }

    /// A paragraph of at most `width` columns, its first line indented by two spaces and the rest
    /// by four, broken between words.
    private static func paragraph(_ text: String, width: Int, items: Bool = false) -> String {
        lines(of: text, width: width - 4, items: items).enumerated().map {
            ($0.offset == 0 ? "  " : "    ") + $0.element + "\n"
        }
        .joined()
    }

    /// The words of `text` in lines of at most `width` characters (a longer word on its own
    /// line); with `items`, what stands between ` · ` is kept together as one word.
    private static func lines(of text: String, width: Int, items: Bool = false) -> [String] {
        let separator = items ? " · " : " "
        var lines: [String] = []
        var line = ""
        let words =
            items
            ? text.split(separator: "·").map { $0.trimmingWhitespace() } : text.split(separator: " ").map(String.init)
        for word in words {
            // A broken line of items ends with ` ·`: room is kept for it.
            if !line.isEmpty && line.count + separator.count + word.count > width - (items ? 2 : 0) {
                lines.append(line + (items ? " ·" : ""))
                line = ""
            }
            line += (line.isEmpty ? "" : separator) + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
