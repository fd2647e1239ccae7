import Foundation
import Platform

/// An option as it was given: the name typed and its value, read as the option's row asks.
struct OptionArgument: Sendable {
    /// The name as typed (`-l`, `--limit`), for messages.
    let name: String
    /// The value; `nil` for an option without one.
    let value: String?

    /// The value as text.
    func text() throws(UsageError) -> String {
        guard let value else { throw UsageError("option \(name) needs a value — see mvsearch --help") }
        return value
    }

    /// The value as a whole number.
    /// - Parameter example: A value the option takes, for the message when the text is not one.
    func integer(example: Int = 10) throws(UsageError) -> Int {
        let text = try text()
        let digits = text.trimmingWhitespace()
        guard let number = Int(digits) else {
            let unsigned = digits.hasPrefix("-") || digits.hasPrefix("+") ? digits.dropFirst() : digits[...]
            if !unsigned.isEmpty, unsigned.allSatisfy({ $0.isASCII && $0.isNumber }) {
                let size = digits.hasPrefix("-") ? "small" : "large"
                throw UsageError(
                    "option \(name) is too \(size): \(CommandLineParser.quoted(text)) — see mvsearch --help for its range"
                )
            }
            throw UsageError(
                "option \(name) needs a whole number, not \(CommandLineParser.quoted(text)) — give one such as \(example)"
            )
        }
        return number
    }

    /// The value as a store id (`--id N`, `--also N`): a whole number of 1 or more.
    func id() throws(UsageError) -> Int {
        let number = try integer(example: 1_451_289_202)
        guard number > 0 else {
            throw UsageError("option \(name) needs a positive store id, not \(number) — give one such as 1451289202")
        }
        return number
    }

    /// The value as one of a fixed list, in any case.
    func choice<Choice: RawRepresentable & CaseIterable>() throws(UsageError) -> Choice
    where Choice.RawValue == String {
        let text = try text()
        guard let choice = Choice(rawValue: text.lowercased()) else {
            let choices = Choice.allCases.map(\.rawValue)
            let guess = CommandLineParser.closest(to: text.lowercased(), among: choices).map {
                " — did you mean \($0)?"
            }
            throw UsageError(
                "option \(name) takes one of \(choices.joined(separator: ", ")), not \(CommandLineParser.quoted(text))"
                    + (guess ?? " — use one of those"))
        }
        return choice
    }
}
