import Domain
import Foundation

/// One parameter of an operation, declared once: its name (the HTTP query name and the MCP
/// argument name), its type with its range or choices, its default, its help, and how the
/// command line spells it. The flag, `--help`, the man page, the completions, the OpenAPI entry
/// and the MCP input schema all follow from this value.
public struct OperationParameter: Sendable, Equatable {
    /// What values it takes.
    public enum Kind: Sendable, Equatable {
        /// Text of at most this many characters.
        case text(maximumLength: Int)
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// One of these words (any case given is lowered).
        case choice([String])
        /// True or false.
        case boolean
        /// A two-letter store country (upper-cased).
        case country
    }

    /// How the command line spells it.
    public enum CommandLineSpelling: Sendable, Equatable {
        /// Not on the command line.
        case none
        /// The words after the options, joined with spaces (the search term).
        case words
        /// An option with a value: `-l, --limit N`.
        case option(long: String, short: String?, placeholder: String)
        /// An option without a value that sets the parameter to false (`--no-explicit`).
        case switchOff(long: String)
        /// The value of the option that chooses the operation (`--id N`).
        case operationValue(placeholder: String)

        /// Whether it is the value of the option that chooses the operation.
        public var isOperationValue: Bool {
            if case .operationValue = self { return true }
            return false
        }
    }

    /// Where a default comes from when the request names no value.
    public enum Default: Sendable, Equatable {
        /// None: the parameter is required, or left out.
        case none
        /// This value.
        case value(ParameterValue)
        /// The store country of the settings (the settings file, `MVSEARCH_COUNTRY`, else US).
        case settingsCountry
        /// The page size of the settings (the settings file, else 25).
        case settingsLimit
    }

    public let name: String
    public let kind: Kind
    /// One line: what it means.
    public let summary: String
    public let isRequired: Bool
    public let defaultValue: Default
    public let commandLine: CommandLineSpelling

    public init(
        _ name: String, _ kind: Kind, summary: String, required: Bool = false, default defaultValue: Default = .none,
        commandLine: CommandLineSpelling = .none
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        isRequired = required
        self.defaultValue = defaultValue
        self.commandLine = commandLine
    }

    /// The long option of the command line, when it has one.
    public var flag: String? {
        switch commandLine {
        case .option(let long, _, _), .switchOff(let long): long
        case .none, .words, .operationValue: nil
        }
    }

    /// The value as the settings make it: a fixed value, or the settings' country or limit.
    public func defaultValue(_ defaults: OperationDefaults) -> ParameterValue? {
        switch defaultValue {
        case .none: nil
        case .value(let value): value
        case .settingsCountry: .text(defaults.country)
        case .settingsLimit: .integer(defaults.limit)
        }
    }
}

/// A parameter's value, of the type its kind says.
public enum ParameterValue: Sendable, Hashable {
    case text(String)
    case integer(Int)
    case boolean(Bool)
}

/// The defaults that come from the settings rather than from a declaration.
public struct OperationDefaults: Sendable, Equatable {
    public var country: String
    public var limit: Int

    public init(country: String = MusicVideoQuery.defaultCountry, limit: Int = MusicVideoQuery.defaultLimit) {
        self.country = country
        self.limit = limit
    }
}

extension OperationParameter {
    /// The words to search for.
    public static let term = OperationParameter(
        "term", .text(maximumLength: QueryValidation.maximumTermLength), summary: "the words to search for",
        required: true, commandLine: .words)
    /// Rows per request.
    public static let limit = OperationParameter(
        "limit", .integer(QueryValidation.limitRange), summary: "results per page", default: .settingsLimit,
        commandLine: .option(long: "--limit", short: "-l", placeholder: "N"))
    /// The first result to skip to.
    public static let offset = OperationParameter(
        "offset", .integer(0...QueryValidation.maximumOffset), summary: "skip the first N results",
        default: .value(.integer(0)), commandLine: .option(long: "--offset", short: nil, placeholder: "N"))
    /// The store.
    public static let country = OperationParameter(
        "country", .country, summary: "two-letter store country", default: .settingsCountry,
        commandLine: .option(long: "--country", short: "-c", placeholder: "CC"))
    /// Which field the term matches.
    public static let matching = OperationParameter(
        "by", .choice(MusicVideoQuery.Attribute.allCases.map(\.rawValue)),
        summary: "match the term against artist, song, album or any",
        default: .value(.text(MusicVideoQuery.Attribute.any.rawValue)),
        commandLine: .option(long: "--by", short: nil, placeholder: "FIELD"))
    /// Whether explicit videos are listed.
    public static let explicit = OperationParameter(
        "explicit", .boolean, summary: "include explicit videos (false leaves them out)",
        default: .value(.boolean(true)), commandLine: .switchOff(long: "--no-explicit"))
}
