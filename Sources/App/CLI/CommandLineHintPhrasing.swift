import Foundation
import Presentation

/// Hints worded for the one-shot command line: where a flag is the way to act on a hint, the
/// advice names it; every other hint keeps the domain's words.
struct CommandLineHintPhrasing: HintPhrasing {
    private let plain = PlainHintPhrasing()

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
        default: plain.advice(for: hint)
        }
    }
}
