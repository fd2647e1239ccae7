import Domain
import Foundation
import Platform
import Presentation
import TerminalUI

/// Turns arguments into a `Command`. It checks only syntax and types (a number where a number
/// is due, a known format); the domain's rules (limit range, country, blank term) are checked
/// by the use case, and URLs and timeouts by `AppConfiguration`.
enum CommandLineParser {
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The command; the last of repeated options wins.
    /// - Throws: `UsageError` for an unknown option, a missing or mistyped value.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = SearchOptions()
        var remaining = arguments[...]
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
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw UsageError("option \(name) needs a value — see mvsearch --help")
                }
                return next
            }
            guard let option = CommandLineOption.named(name) else {
                throw UsageError("unknown option \(quoted(name)) — see mvsearch --help")
            }
            if inlineValue != nil && option.value == .none {
                throw UsageError("option \(name) takes no value — see mvsearch --help")
            }
            switch option.key {
            case .help: return .help
            case .version: return .version
            case .limit: options.limit = try integer(try value(), for: name)
            case .offset: options.offset = try integer(try value(), for: name)
            case .country: options.country = try value()
            case .by: options.attribute = try attribute(try value())
            case .noExplicit: options.allowsExplicit = false
            case .format: options.format = try format(try value())
            case .json:
                if let inlineValue {
                    options.jsonFields = try fieldList(inlineValue)
                } else if let next = remaining.first, isFieldList(next) {
                    options.jsonFields = try fieldList(next)
                    remaining.removeFirst()
                }
                if options.format != .jsonl { options.format = .json }
            case .timeout: options.timeout = try seconds(try value(), for: name)
            case .retries: options.retries = try integer(try value(), for: name)
            case .baseURL: options.baseURL = try value()
            case .noColor: options.noColor = true
            case .verbose: options.verbose = true
            case .id: options.lookupID = try integer(try value(), for: name)
            case .artistID: options.artistID = try integer(try value(), for: name)
            case .list(let long): options.listCommand = ListCommand.named(long)
            case .interactive: options.interactive = true
            case .noCache: options.noCache = true
            case .offline: options.offline = true
            case .history: options.showHistory = true
            case .clearHistory: options.clearHistory = true
            }
        }
        if options.jsonFields != nil, let format = options.format, format != .json, format != .jsonl {
            throw UsageError(
                "--json FIELDS picks the keys of json or jsonl output, not of --format \(format.rawValue) — drop one")
        }
        return .search(options)
    }

    /// Whether the argument after a bare `--json` is its field list rather than the term: it
    /// is when it has a comma, or is exactly one of the JSON keys (`--json title`). So
    /// `--json clairo` searches for "clairo", and `--json -- title` searches for "title".
    static func isFieldList(_ argument: String) -> Bool {
        !argument.hasPrefix("-") && (argument.contains(Character(",")) || JSONFields.known.contains(argument))
    }

    private static func fieldList(_ text: String) throws(UsageError) -> [String] {
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

    /// `--name=value` splits at the first `=`; short options and bare names carry no value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func integer(_ text: String, for name: String) throws(UsageError) -> Int {
        guard let number = Int(text.trimmingWhitespace()) else {
            throw UsageError("option \(name) needs a whole number, not \(quoted(text))")
        }
        return number
    }

    private static func seconds(_ text: String, for name: String) throws(UsageError) -> TimeInterval {
        let decimal = text.trimmingWhitespace()
        // Decimal only: `Double` would also read hexadecimal (`0x10` as 16).
        guard decimal.allSatisfy({ "0123456789.eE+-".contains($0) }), let number = Double(decimal), number.isFinite
        else {
            throw UsageError("option \(name) needs a number of seconds, not \(quoted(text))")
        }
        return number
    }

    private static func attribute(_ text: String) throws(UsageError) -> MusicVideoQuery.Attribute {
        guard let attribute = MusicVideoQuery.Attribute(rawValue: text.lowercased()) else {
            let choices = MusicVideoQuery.Attribute.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("option --by takes one of \(choices), not \(quoted(text))")
        }
        return attribute
    }

    private static func format(_ text: String) throws(UsageError) -> OutputFormat {
        guard let format = OutputFormat(rawValue: text.lowercased()) else {
            let choices = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("option --format takes one of \(choices), not \(quoted(text))")
        }
        return format
    }

    /// User text quoted for a message, made inert for the terminal.
    static func quoted(_ text: String) -> String {
        "'" + TerminalSanitizer.sanitize(text) + "'"
    }
}
