import Foundation

/// One setting, declared once: its settings-file key, the environment variables and the
/// command-line options that set it, how its text is read, its default, and how `--settings`
/// shows it. The settings file's parser, `UserSettings`, `--settings`, `--help` and the option
/// table all read the declarations in `SettingsTable`; the man page and the completions are
/// checked against them by tests. Where a value comes from: the command line, then the
/// environment, then the settings file, then the default (`SettingSource`).
struct SettingDeclaration<Value: Sendable>: Sendable {
    /// The settings file's key, and the setting's name in `--settings`: `mouse`.
    let key: String
    /// Other spellings the file accepts (`color`).
    let fileAliases: [String]
    /// What it takes, in words, for messages and the manual: `on or off`.
    let values: String
    /// What it takes in a word or two, for `--help`: `on/off`.
    let shortValues: String
    /// The values, when they are a fixed list (completion, "did you mean").
    let choices: [String]
    /// The environment variables that set it, the first that says something winning.
    let variables: [SettingVariable<Value>]
    /// How the command line sets it.
    let commandLine: SettingCommandLine<Value>
    /// Reads a value's text, from the file, a variable or an option of its own.
    let parse: @Sendable (String) throws(SettingValueError) -> Value
    /// The value as `--settings` shows it.
    let show: @Sendable (Value) -> String
    /// The value when nothing sets it.
    let defaultValue: @Sendable (SettingDefaults) -> Value

    init(
        _ key: String, fileAliases: [String] = [], values: String, shortValues: String, choices: [String] = [],
        commandLine: SettingCommandLine<Value> = .none, variables: [SettingVariable<Value>] = [],
        parse: @escaping @Sendable (String) throws(SettingValueError) -> Value,
        show: @escaping @Sendable (Value) -> String,
        default defaultValue: @escaping @Sendable (SettingDefaults) -> Value
    ) {
        self.key = key
        self.fileAliases = fileAliases
        self.values = values
        self.shortValues = shortValues
        self.choices = choices
        self.commandLine = commandLine
        self.variables = variables
        self.parse = parse
        self.show = show
        self.defaultValue = defaultValue
    }

    /// The value and where it comes from: the command line, then the variables, then the file,
    /// then the default.
    /// - Throws: `UsageError` naming a variable whose value is wrong (the command line's and
    ///   the file's were checked when read).
    func resolve(options: SearchOptions, environment: [String: String], file: SettingsFile, defaults: SettingDefaults)
        throws(UsageError) -> Setting<Value>
    {
        switch commandLine {
        case .none: break
        case .options:
            if let text = options.settingValues[key], let value = try? parse(text) {
                return Setting(value: value, source: .commandLine)
            }
        case .spelled(_, let read):
            if let value = read(options) { return Setting(value: value, source: .commandLine) }
        }
        for variable in variables {
            guard let text = environment[variable.name], !text.isEmpty else { continue }
            if let value = try variable.value(of: text, parse: parse, values: values) {
                return Setting(value: value, source: .environment(variable.shownAs ?? variable.name))
            }
        }
        if let entry = file.entry(key), let value = try? parse(entry.value) {
            return Setting(value: value, source: .file(line: entry.line))
        }
        return Setting(value: defaultValue(defaults), source: .builtIn)
    }
}

/// What a setting's default may depend on.
struct SettingDefaults: Equatable, Sendable {
    /// Whether the requests go to Apple's service (rather than a mirror or a test server).
    var asksApplesService = false
}

/// How the command line sets a setting.
enum SettingCommandLine<Value: Sendable>: Sendable {
    /// It does not: the environment and the file do.
    case none
    /// Options of its own, made from the declaration (`CommandLineOption.settingOptions`).
    case options([SettingOption])
    /// An option the table spells itself, as it sets more than the setting (`--limit`, an
    /// operation's parameter too): its long name, and its value once parsed.
    case spelled(String, read: @Sendable (SearchOptions) -> Value?)
}

/// An option of a setting's own: a switch that sets one value (`--no-mouse` sets `off`), or one
/// that takes a value read as the file's (`--remember WHEN`).
struct SettingOption: Sendable {
    let long: String
    /// Other spellings the parser accepts, not shown in help (`--no-colour`).
    var aliases: [String] = []
    /// The text a switch sets; `nil` for an option that takes a value.
    var sets: String?
    /// The value's placeholder in help (`WHEN`).
    var placeholder = "VALUE"
    /// The runs it shapes (`CommandLineOption.Scope`).
    var scopes = Set(CommandLineOption.Scope.allCases)
    /// Its help, a line or more.
    var help: [String]
}

/// An environment variable that sets a setting; an empty value sets nothing.
struct SettingVariable<Value: Sendable>: Sendable {
    let name: String
    /// What its text means, when it is not the setting's value itself (`NO_COLOR=1` means no
    /// colour); `nil` when the text says nothing (`TERM=xterm`).
    let meaning: (@Sendable (String) -> Value?)?
    /// How `--settings` names it, when not by its name (`TERM=dumb`).
    let shownAs: String?
    /// What to set it to, for the message when its value is wrong.
    let advice: String

    /// A variable whose text is the setting's value, read as the file's is.
    static func value(_ name: String, advice: String) -> Self {
        SettingVariable(name: name, meaning: nil, shownAs: nil, advice: advice)
    }

    /// A variable that means `value` when its text passes `when`.
    static func means(
        _ value: Value, _ name: String, when: @escaping @Sendable (String) -> Bool, shownAs: String? = nil
    )
        -> Self
    {
        SettingVariable(name: name, meaning: { when($0) ? value : nil }, shownAs: shownAs, advice: "")
    }

    func value(of text: String, parse: (String) throws(SettingValueError) -> Value, values: String) throws(UsageError)
        -> Value?
    {
        if let meaning { return meaning(text) }
        do throws(SettingValueError) {
            return try parse(text)
        } catch {
            if let sentence = error.sentence { throw UsageError(sentence(.variable(name))) }
            let problem =
                error.reason.map { "\(name): \($0)" } ?? "\(name) is \(CommandLineParser.quoted(text)), not \(values)"
            throw UsageError("\(problem) — set it to \(advice), or unset it")
        }
    }
}

/// Why a value's text is not a setting's value.
struct SettingValueError: Error, Sendable {
    /// What is wrong, when more than "it is not one of the values".
    var reason: String?
    /// What to do instead, when there is better advice than "correct it".
    var advice: String?
    /// The whole message, advice included, given where the text was written, when the setting
    /// words it itself (`option --timeout must be between 0.1 and 600 seconds, not 601`).
    var sentence: (@Sendable (SettingTextOrigin) -> String)?

    init(reason: String? = nil, advice: String? = nil) {
        self.reason = reason
        self.advice = advice
    }

    /// - Parameter sentence: The whole message, given where the text was written.
    init(sentence: @escaping @Sendable (SettingTextOrigin) -> String) {
        self.sentence = sentence
    }
}

/// Where a setting's text was written, for a message about it.
enum SettingTextOrigin: Sendable {
    /// An option, as the user spelled it (`--timeout`).
    case option(String)
    /// An environment variable.
    case variable(String)
    /// The settings file's key.
    case file(key: String)

    /// The option's, variable's or key's name: `--base-url`, `MVSEARCH_BASE_URL`, `base-url`.
    var name: String {
        switch self {
        case .option(let name), .variable(let name), .file(let name): name
        }
    }

    /// How a message starts about it: `option --timeout`, `MVSEARCH_BASE_URL`, `timeout`.
    var subject: String {
        if case .option(let name) = self { return "option \(name)" }
        return name
    }

    /// How a message about it ends, saying what to do: ` — give one such as 15` for an
    /// option, ` — set it to one such as 15, or unset it` for a variable; nothing for the
    /// settings file, whose message adds the line's own advice.
    /// - Parameter value: What to give, `one such as 15`.
    func advice(give value: String) -> String {
        switch self {
        case .option: " — give \(value)"
        case .variable: " — set it to \(value), or unset it"
        case .file: ""
        }
    }
}
