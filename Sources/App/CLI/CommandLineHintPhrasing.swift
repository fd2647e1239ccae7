import Foundation
import Presentation

/// Hints worded for the one-shot command line: where a flag is the way to act on a hint, the
/// advice names it; every other hint keeps the domain's words.
struct CommandLineHintPhrasing: HintPhrasing {
    private let plain = PlainHintPhrasing()
    /// A word a bare `--json` did not take as its field list though it looks like a key
    /// (`JSONFields.misreadFieldList`): a search that finds nothing suggests the key instead.
    var misreadJSONField: (word: String, key: String)?

    init() {}

    /// The phrasing for one command line: it knows a word `--json` did not take.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - options: What they were parsed into.
    init(arguments: [String], options: SearchOptions) {
        guard options.jsonFields == nil, options.format == .json || options.format == .jsonl else { return }
        misreadJSONField = JSONFields.misreadFieldList(
            in: arguments, keys: options.listCommand?.jsonKeys ?? MusicVideosListItemViewModel.jsonKeys)
    }

    func advice(for hint: RecoveryHint) -> String {
        switch hint {
        case .checkServiceAddress: "check the network connection (and --base-url) and try again"
        case .checkServiceURL: "check --base-url (or MVSEARCH_BASE_URL)"
        case .allowMoreTime: "try again, or allow longer with --timeout"
        case .fetchWhileOnline: "run it once without --offline"
        case .giveSearchWords: "give words to search for, e.g. mvsearch jack johnson"
        case .chooseLimit(let range): "use --limit \(range.lowerBound) to \(range.upperBound)"
        case .chooseNonNegativeOffset: "use --offset 0 or more"
        case .chooseSmallerOffset(let maximum): "use --offset \(maximum) or less"
        case .checkIDOrCountry: "check the id, or try another --country"
        case .allResultsShown: "use a smaller --offset, or other words"
        case .tryOtherWords:
            if let misread = misreadJSONField {
                "did you mean --json=\(misread.key)? (\(CommandLineParser.quoted(misread.word)) is not a JSON key,"
                    + " so it was searched for)"
            } else {
                plain.advice(for: hint)
            }
        default: plain.advice(for: hint)
        }
    }
}
