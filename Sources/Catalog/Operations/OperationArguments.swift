import Domain
import Foundation

/// An operation's arguments, checked against its parameters and completed with their defaults:
/// what every front end hands the operation, whether it read them from argv, a URL's query or a
/// tool call's JSON.
public struct OperationArguments: Sendable, Equatable {
    public private(set) var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    /// The text a parameter was given; `""` when it was not.
    public func text(_ name: String) -> String {
        if case .text(let text) = values[name] { return text }
        return ""
    }

    /// The number a parameter was given, when it was.
    public func integer(_ name: String) -> Int? {
        if case .integer(let number) = values[name] { return number }
        return nil
    }

    /// Whether a boolean parameter is true; `fallback` when it was not given.
    public func boolean(_ name: String, otherwise fallback: Bool = false) -> Bool {
        if case .boolean(let flag) = values[name] { return flag }
        return fallback
    }

    /// Sets one value (a front end's own, or a test's).
    public mutating func set(_ name: String, _ value: ParameterValue?) {
        values[name] = value
    }
}

/// A value as a front end received it, before it is checked against the parameter's kind.
public enum ArgumentInput: Sendable, Equatable {
    /// Text: an HTTP query value, or a JSON string.
    case text(String)
    /// A JSON whole number.
    case integer(Int)
    /// A JSON number with a fraction (or too large for a whole number).
    case number(Double)
    case boolean(Bool)
    /// JSON null: the same as not given.
    case null
    /// An array or an object, which no parameter takes.
    case structured
}

extension OperationParameter {
    /// Checks one value against the parameter's kind: text as typed in a URL (`limit=10`,
    /// `explicit=false`) or typed JSON (`"limit": 10`).
    /// - Returns: The value, normalised (choices lower-cased, countries upper-cased).
    /// - Throws: `OperationFailure.invalidArgument` naming the parameter and what it takes.
    public func value(from input: ArgumentInput) throws(OperationFailure) -> ParameterValue? {
        switch (kind, input) {
        case (_, .null): return nil
        case (.text(let maximum), .text(let text)):
            guard text.count <= maximum else { throw problem("must be at most \(maximum) characters") }
            return .text(text)
        case (.integer(let range), .integer(let number)):
            return .integer(try checked(number, in: range))
        case (.integer(let range), .number(let number)):
            guard number.rounded() == number, let whole = Int(exactly: number) else { throw expected(kind) }
            return .integer(try checked(whole, in: range))
        case (.integer(let range), .text(let text)):
            guard let number = Self.wholeNumber(text) else { throw expected(kind) }
            return .integer(try checked(number, in: range))
        case (.choice(let choices), .text(let text)):
            guard choices.contains(text.lowercased()) else { throw expected(kind) }
            return .text(text.lowercased())
        case (.boolean, .boolean(let flag)): return .boolean(flag)
        case (.boolean, .text(let text)):
            switch text.lowercased() {
            case "true", "1", "yes": return .boolean(true)
            case "false", "0", "no": return .boolean(false)
            default: throw expected(kind)
            }
        case (.country, .text(let text)):
            do {
                return .text(try QueryValidation.country(text))
            } catch {
                throw expected(kind)
            }
        default: throw expected(kind)
        }
    }

    /// What the parameter takes, in words: `a whole number from 1 to 200`.
    public var expectation: String {
        switch kind {
        case .text(let maximum): "text of at most \(maximum) characters"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .choice(let choices): "one of \(choices.joined(separator: ", "))"
        case .boolean: "true or false"
        case .country: "a two-letter store country such as US, GB or JP"
        }
    }

    private func checked(_ number: Int, in range: ClosedRange<Int>) throws(OperationFailure) -> Int {
        guard range.contains(number) else { throw expected(kind, given: String(number)) }
        return number
    }

    private func expected(_ kind: Kind, given: String? = nil) -> OperationFailure {
        .invalidArgument(
            parameter: name, message: "\(name) must be \(expectation)" + (given.map { ", not \($0)" } ?? ""))
    }

    private func problem(_ text: String) -> OperationFailure {
        .invalidArgument(parameter: name, message: "\(name) \(text)")
    }

    /// Decimal digits with an optional sign, nothing else (no spaces, no `0x`).
    private static func wholeNumber(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
