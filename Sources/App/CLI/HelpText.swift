import Foundation
import Presentation

/// What `--help` and `--version` print. The options come from `CommandLineOption.all`, the
/// list commands' usage lines and JSON keys from `ListCommand.all`.
enum HelpText {
    static let version = "mvsearch 0.1.0"

    /// Where the options' help starts on each line.
    private static let helpColumn = 25

    /// Where the usage lines' descriptions start.
    private static let usageColumn = 34

    static let usage: String = header + optionLines() + fields + footer

    private static let header = """
        mvsearch — search the iTunes Store for music videos

        Usage:
          mvsearch [options] <term>...    search; the words are joined with spaces
          mvsearch                        interactive session (when stdin is a terminal)
          mvsearch -i [<term>...]         interactive session, also with piped input
          mvsearch --id <trackId>         one video's details\(listCommandLines { command in
            "\n" + "  mvsearch \(command.synopsis)".padded(to: usageColumn) + command.usage
        })
          mvsearch --history              recent searches, newest first

        Options:

        """

    private static let fields = """
          --                     end of options; what follows is the term

        JSON keys:
        \(wrapped("videos: " + MusicVideosListItemViewModel.jsonKeys.joined(separator: ", ")))\(listCommandLines { command in
            "\n" + wrapped("\(command.rows) (\(command.option.long)): " + command.jsonKeys.joined(separator: ", "))
        })
          recent searches (--history): \(RecentSearchesJSONRenderer.fields.joined(separator: ", "))

        """

    /// A line for each list command, each starting with its line break.
    private static func listCommandLines(_ line: (ListCommand) -> String) -> String {
        ListCommand.all.map(line).joined()
    }

    private static let footer = """

        Exit status:
          0 results shown · 1 nothing found · 64 bad usage or rejected query ·
          65 unreadable answer · 69 service unavailable · 73 history not cleared ·
          74 output not written · 75 timed out or rate limited · 130 interrupted ·
          131 quit · 143 terminated

        Examples:
          mvsearch jack johnson
          mvsearch --by artist -c GB -l 10 adele
          mvsearch --json "Florence + the Machine" | jq '.[].title'

        """

    /// The text in lines of at most 80 columns, each indented by two spaces, broken at spaces.
    private static func wrapped(_ text: String) -> String {
        var lines: [String] = []
        var line = " "
        for word in text.split(separator: " ") {
            if line.count + 1 + word.count > 80 {
                lines.append(line)
                line = "   "
            }
            line += " " + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `  -l, --limit N          results per page…`, continuation lines under the first.
    private static func optionLines() -> String {
        var text = ""
        for option in CommandLineOption.all {
            let names = "  " + option.synopsis
            let padding = String(repeating: " ", count: max(1, helpColumn - names.count))
            for (index, line) in option.help.enumerated() {
                let lead = index == 0 ? names + padding : String(repeating: " ", count: helpColumn)
                text += lead + line + "\n"
            }
        }
        return text
    }
}

extension String {
    /// The text followed by spaces up to `width` characters, and always at least one.
    fileprivate func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
