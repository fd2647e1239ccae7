import Foundation

/// A setting's declaration whatever its value's type: what the settings file's parser, the
/// option table, `--help`, `--settings` and the tests read.
protocol DeclaredSetting: Sendable {
    var key: String { get }
    var fileAliases: [String] { get }
    var values: String { get }
    var shortValues: String { get }
    var choices: [String] { get }
    /// The environment variables that set it.
    var variableNames: [String] { get }
    /// Its options of its own (`--no-mouse`), as rows of the option table.
    var options: [CommandLineOption] { get }
    /// The long names of the options that set it: its own, or the row it reads (`--limit`).
    var optionNames: [String] { get }
    /// Checks a value's text.
    func check(_ text: String) throws(SettingValueError)
    /// The value in effect and where it comes from.
    func resolved(options: SearchOptions, environment: [String: String], file: SettingsFile, defaults: SettingDefaults)
        throws(UsageError) -> ResolvedSetting
}

extension SettingDeclaration: DeclaredSetting where Value: Equatable {
    var variableNames: [String] { variables.map(\.name) }

    var optionNames: [String] {
        switch commandLine {
        case .none: []
        case .options(let options): options.map(\.long)
        case .spelled(let long, _): [long]
        }
    }

    var options: [CommandLineOption] {
        guard case .options(let options) = commandLine else { return [] }
        return options.map { option in
            CommandLineOption(
                option.long, aliases: option.aliases,
                value: option.sets == nil ? .required(option.placeholder) : .none, choices: choices,
                scopes: option.scopes, helpLines: option.help
            ) { [self] searchOptions, argument throws(UsageError) in
                let text: String
                if let sets = option.sets { text = sets } else { text = try argument.text() }
                do throws(SettingValueError) {
                    _ = try parse(text)
                } catch {
                    if let sentence = error.sentence { throw UsageError(sentence(.option(argument.name))) }
                    let problem = error.reason ?? "takes \(values), not \(CommandLineParser.quoted(text))"
                    let advice = error.advice ?? (choices.isEmpty ? "see mvsearch --help" : "use one of those")
                    throw UsageError("option \(argument.name) \(problem) — \(advice)")
                }
                searchOptions.settingValues[key] = text
            }
        }
    }

    func check(_ text: String) throws(SettingValueError) {
        _ = try parse(text)
    }

    func resolved(options: SearchOptions, environment: [String: String], file: SettingsFile, defaults: SettingDefaults)
        throws(UsageError) -> ResolvedSetting
    {
        let setting = try resolve(options: options, environment: environment, file: file, defaults: defaults)
        return ResolvedSetting(value: setting.value, shown: show(setting.value), source: setting.source)
    }
}

/// A setting's value in effect, whatever its type, as `--settings` shows it, and its source.
struct ResolvedSetting: Equatable, Sendable {
    let value: any Equatable & Sendable
    let shown: String
    let source: SettingSource

    static func == (left: ResolvedSetting, right: ResolvedSetting) -> Bool {
        left.source == right.source && left.shown == right.shown && isEqual(left.value, right.value)
    }

    private static func isEqual<Left: Equatable>(_ left: Left, _ right: any Equatable) -> Bool {
        (right as? Left) == left
    }
}
