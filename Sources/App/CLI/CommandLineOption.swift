import Domain
import Foundation
import Presentation
import TerminalUI

/// One option of the command line: its names, the value it takes, and its line in `--help`.
/// `CommandLineOption.all` is the one table the parser, `--help`, the man page and the shell
/// completions follow (tests compare the man page and the completion files with it).
struct CommandLineOption: Sendable {
    /// What the option sets; the parser switches on it.
    enum Key: Hashable, Sendable {
        case limit, offset, country, by, noExplicit, format, json, timeout, retries, baseURL
        case noCache, offline, noColor, interactive, id, artistID, history, clearHistory
        case verbose, help, version
        /// A `ListCommand`'s option, by its long name (`--artists`).
        case list(String)
    }

    /// Whether the option takes a value, and how it is shown.
    enum Value: Sendable, Equatable {
        /// No value (`--no-explicit`).
        case none
        /// The next argument, or the text after `=` (`--limit N`, `--limit=N`).
        case required(String)
        /// Only after `=`, or a next argument that `CommandLineParser` recognises as one
        /// (`--json [FIELDS]`).
        case optional(String)
    }

    let key: Key
    /// `--limit`.
    let long: String
    /// `-l`, when there is one.
    let short: String?
    /// Other spellings the parser accepts, not shown in help (`--no-colour`).
    let aliases: [String]
    let value: Value
    /// The values the option accepts when they are a fixed list (for help and completion).
    let choices: [String]
    /// One line or more of help, without the names; lines after the first are continuations.
    let help: [String]

    init(
        _ key: Key, _ long: String, short: String? = nil, aliases: [String] = [], value: Value = .none,
        choices: [String] = [], help: String...
    ) {
        self.key = key
        self.long = long
        self.short = short
        self.aliases = aliases
        self.value = value
        self.choices = choices
        self.help = help
    }

    /// Every name the parser accepts for the option.
    var names: [String] { [short, long].compactMap { $0 } + aliases }

    /// The names and the placeholder as `--help` shows them: `-l, --limit N`.
    var synopsis: String {
        let names = (short.map { "\($0), " } ?? "    ") + long
        switch value {
        case .none: return names
        case .required(let placeholder): return "\(names) \(placeholder)"
        case .optional(let placeholder): return "\(names) [\(placeholder)]"
        }
    }

    /// The option whose name (a long name, a short one or an alias) is `name`.
    static func named(_ name: String) -> CommandLineOption? {
        byName[name]
    }

    private static let byName: [String: CommandLineOption] = Dictionary(
        all.flatMap { option in option.names.map { ($0, option) } }, uniquingKeysWith: { first, _ in first })

    /// The table, in the order `--help` lists it: the list commands' options (`ListCommand.all`)
    /// after `--artist-id`.
    static let all: [CommandLineOption] = beforeListCommands + ListCommand.all.map(\.option) + afterListCommands

    private static let beforeListCommands: [CommandLineOption] = [
        CommandLineOption(
            .limit, "--limit", short: "-l", value: .required("N"),
            help: "results per page, \(MusicVideoQuery.limitRange.lowerBound)–\(MusicVideoQuery.limitRange.upperBound) "
                + "(default \(MusicVideoQuery.defaultLimit))"),
        CommandLineOption(.offset, "--offset", value: .required("N"), help: "skip the first N results"),
        CommandLineOption(
            .country, "--country", short: "-c", value: .required("CC"),
            help: "two-letter store country (default $MVSEARCH_COUNTRY or US)"),
        CommandLineOption(
            .by, "--by", value: .required("FIELD"), choices: MusicVideoQuery.Attribute.allCases.map(\.rawValue),
            help: "match the term against artist, song, album or any (default any)"),
        CommandLineOption(.noExplicit, "--no-explicit", help: "leave out explicit videos"),
        CommandLineOption(
            .format, "--format", value: .required("FORMAT"), choices: OutputFormat.allCases.map(\.rawValue),
            help: "\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) "
                + "(default: table on a terminal, else plain)"),
        CommandLineOption(
            .json, "--json", value: .optional("FIELDS"), choices: JSONFields.known,
            help: "JSON (--format json, or jsonl if chosen); FIELDS keeps only those keys,",
            "in that order: --json id,title,url. The next word is FIELDS only if it has",
            "a comma or is one key (--json title), else it is the term (--json clairo)"),
        CommandLineOption(
            .timeout, "--timeout", value: .required("S"), help: "seconds each request may take in all (default 15)"),
        CommandLineOption(
            .retries, "--retries", value: .required("N"),
            help: "tries again after server errors and broken connections, 0–5 (default 2)"),
        CommandLineOption(
            .baseURL, "--base-url", value: .required("URL"),
            help: "API root (default $MVSEARCH_BASE_URL or https://itunes.apple.com/);",
            "plain http only for loopback hosts"),
        CommandLineOption(
            .noCache, "--no-cache", help: "do not answer from the response cache (the answer is still stored)"),
        CommandLineOption(.offline, "--offline", help: "answer from the response cache only, however old"),
        CommandLineOption(
            .noColor, "--no-color", aliases: ["--no-colour"], help: "no colour (also NO_COLOR=1 or TERM=dumb)"),
        CommandLineOption(
            .interactive, "--interactive", short: "-i", help: "browse: search, page, open details, go back"),
        CommandLineOption(.id, "--id", value: .required("N"), help: "look up one video by its track id"),
        CommandLineOption(.artistID, "--artist-id", value: .required("N"), help: "list an artist's music videos"),
    ]

    private static let afterListCommands: [CommandLineOption] = [
        CommandLineOption(.history, "--history", help: "print recent searches (--json for a JSON array)"),
        CommandLineOption(.clearHistory, "--clear-history", help: "forget recent searches"),
        CommandLineOption(.verbose, "--verbose", short: "-v", help: "one line on stderr per request"),
        CommandLineOption(.help, "--help", short: "-h", help: "show this help"),
        CommandLineOption(.version, "--version", help: "show the version"),
    ]
}
