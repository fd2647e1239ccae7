import Domain
import Foundation
import Platform
import Presentation
import TerminalUI

/// Turns arguments into a `Command`, once. Each option's row in `CommandLineOption.all` parses
/// its own value; the parser only finds the rows and the term. The domain's rules (limit range,
/// country, blank term) are checked afterwards, before anything runs (`Invocation`), and URLs and
/// timeouts by `AppConfiguration`.
enum CommandLineParser {
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The command; the last of repeated options wins.
    /// - Throws: `UsageError` for an unknown option, a missing or mistyped value.
    /// `--help` or `--version` once given: the rest of the line is not read.
    private static func finalAction(_ options: SearchOptions) -> Command? {
        switch options.action {
        case .help?: .help
        case .version?: .version
        case nil: nil
        }
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        // `help` alone is the help, as `git help` and `cargo help` are (a search for the word is
        // `mvsearch -- help`; with other words, `mvsearch help me`, it is a term).
        if arguments == ["help"] { return .help }
        var options = SearchOptions()
        var remaining = arguments[...]
        // `serve` and `mcp` as the first word choose a front end (a search for the word itself is
        // `mvsearch -- serve`).
        if let first = remaining.first, let frontEnd = FrontEnd(rawValue: first) {
            options.frontEnd = frontEnd
            remaining = remaining.dropFirst()
        }
        while let argument = remaining.popFirst() {
            if argument == "--" {
                options.termWords.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                options.termWords.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = CommandLineOption.named(name) else {
                if let glued = try gluedShortOptions(argument, remaining: &remaining) {
                    for (option, name, value) in glued {
                        try apply(option, named: name, value: value, to: &options)
                    }
                    if let action = finalAction(options) { return action }  // -vh, -vV
                    continue
                }
                let advice = closestName(to: name).map { "did you mean \($0)? (mvsearch --help lists them)" }
                throw UsageError("unknown option \(quoted(name)) — \(advice ?? "see mvsearch --help")")
            }
            var value = inlineValue
            switch option.value {
            case .none:
                if inlineValue != nil { throw UsageError("option \(name) takes no value — see mvsearch --help") }
            case .required:
                if value == nil { value = remaining.popFirst() }
            case .optional:
                if value == nil, let next = remaining.first, option.acceptsNext(next) { value = remaining.popFirst() }
            }
            try apply(option, named: name, value: value, to: &options)
            if let action = finalAction(options) { return action }
        }
        if options.jsonFields != nil, let format = options.format, format != .json, format != .jsonl {
            throw UsageError(
                "--json FIELDS picks the keys of json or jsonl output, not of --format \(format.rawValue) — drop one")
        }
        return .search(options)
    }

    private static func apply(
        _ option: CommandLineOption, named name: String, value: String?, to options: inout SearchOptions
    ) throws(UsageError) {
        try option.apply(&options, OptionArgument(name: name, value: value))
        if !options.given.contains(option.long) { options.given.append(option.long) }
    }

    /// Short options glued together as getopt reads them: `-vi` is `-v -i`, and an option that
    /// takes a value takes the rest of the word, or the next word when nothing is left (`-l5`,
    /// `-vl5`, `-vl 5`).
    /// - Returns: The options with their values; `nil` when the word is not such a cluster.
    private static func gluedShortOptions(_ argument: String, remaining: inout ArraySlice<String>) throws(UsageError)
        -> [(CommandLineOption, String, String?)]?
    {
        guard !argument.hasPrefix("--"), argument.count > 2 else { return nil }
        var found: [(CommandLineOption, String, String?)] = []
        var rest = argument.dropFirst()
        while let letter = rest.first {
            rest = rest.dropFirst()
            let name = "-" + String(letter)
            guard let option = CommandLineOption.named(name), option.short == name else { return nil }
            switch option.value {
            case .none:
                found.append((option, name, nil))
            case .required, .optional:
                found.append((option, name, rest.isEmpty ? remaining.popFirst() : String(rest)))
                return found
            }
        }
        return found
    }

    /// Whether the argument after a bare `--json` is its field list rather than the term: it
    /// is when it has a comma, or is exactly one of the JSON keys (`--json title`). So
    /// `--json clairo` searches for "clairo", and `--json -- title` searches for "title".
    static func isFieldList(_ argument: String) -> Bool {
        !argument.hasPrefix("-") && (argument.contains(Character(",")) || JSONFields.known.contains(argument))
    }

    /// `--json`'s field list: names separated by commas, each once.
    static func fieldList(_ text: String) throws(UsageError) -> [String] {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingWhitespace()
        }
        guard !fields.contains(where: \.isEmpty) else {
            throw UsageError(
                "option --json needs field names separated by commas, not \(quoted(text)) — such as id,title,url")
        }
        if let repeated = fields.enumerated().first(where: { fields[..<$0.offset].contains($0.element) })?.element {
            throw UsageError("option --json names the field \(quoted(repeated)) twice — name each field once")
        }
        return fields
    }

    /// The option name a typo most likely meant: the only long name that starts with it
    /// (`--js` → `--json`), else the one fewest edits away (`--limt` → `--limit`, `--artist` →
    /// `--artists`), when it is one or two edits away.
    static func closestName(to name: String) -> String? {
        guard name.hasPrefix("--") else { return nil }
        let names = CommandLineOption.all.flatMap { [$0.long] + $0.aliases }
        // The start of one name (`--js` → `--json`) is that name, whatever another is a letter away.
        let starting = names.filter { $0.hasPrefix(name) }
        if name.count > 3, starting.count == 1 { return starting.first }
        return closest(to: name, among: names)
    }

    /// The candidate a typo most likely meant: the one fewest edits away, when that is one or two
    /// edits and leaves at least two characters as typed (`yaer` → `year`, `of` → `off`, but
    /// nothing for `no` against `on`).
    static func closest(to text: String, among candidates: [String]) -> String? {
        guard text.count <= 40 else { return nil }
        let typed = Array(text)
        let scored = candidates.map { ($0, editDistance(typed, Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, best.0.count - 2) else { return nil }
        return best.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// `--name=value` splits at the first `=`; short options and bare names carry no value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// User text quoted for a message, made inert for the terminal.
    static func quoted(_ text: String) -> String {
        "'" + TerminalSanitizer.excerpt(text) + "'"
    }
}
