import TerminalUI

/// A row's number being typed in a full-screen list: digits, then Enter opens that row; Backspace
/// takes a digit back and Esc gives up. Every full-screen list holds one.
public struct RowNumberEntry: Equatable, Sendable {
    /// What a key did.
    public enum Outcome: Equatable, Sendable {
        /// Enter after digits: open the row with this number (rows are numbered from 1).
        case open(Int)
        /// The key was the entry's.
        case handled
        /// Not the entry's: the list handles it as usual.
        case passed
    }

    /// The digits typed so far; empty when no number is being typed.
    public private(set) var digits = ""

    public init() {}

    /// A digit starts or continues the number; while one is typed, Enter, Backspace and Esc are
    /// the entry's too. Other keys pass.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let digit) where Self.starts(with: key):
            if digits.count < 7 { digits.append(digit) }
            return .handled
        case _ where digits.isEmpty:
            return .passed
        case .enter:
            defer { digits = "" }
            return Int(digits).map(Outcome.open) ?? .handled
        case .backspace:
            digits.removeLast()
            return .handled
        case .escape:
            digits = ""
            return .handled
        default:
            return .passed
        }
    }

    /// Whether `key` is a digit, which starts or continues a number.
    public static func starts(with key: Key) -> Bool {
        guard case .character(let character) = key else { return false }
        return character.isASCII && character.isNumber
    }

    /// The status line's keys while a number is typed; `nil` when none is.
    public var keyHints: [KeyHint]? {
        digits.isEmpty
            ? nil
            : [
                KeyHint("open row \(digits)…", "", essential: true), KeyHint("Enter", "open"),
                KeyHint("Esc", "cancel", essential: true),
            ]
    }
}
