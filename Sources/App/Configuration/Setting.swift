import Foundation

/// Where a setting's value comes from. The first of these that says something wins: the command
/// line, then the environment (`MVSEARCH_COUNTRY`, `NO_COLOR`, …: set for a shell or one run,
/// so nearer to the run than a file), then the settings file, then the built-in default.
enum SettingSource: Equatable, Sendable {
    case commandLine
    /// The variable, and its value when that is what it means (`TERM=dumb`).
    case environment(String)
    /// The settings file's line.
    case file(line: Int)
    case builtIn

    /// As `--settings` shows it: `command line`, `environment (NO_COLOR)`, `file:3`, `default`.
    var description: String {
        switch self {
        case .commandLine: "command line"
        case .environment(let variable): "environment (\(variable))"
        case .file(let line): "file:\(line)"
        case .builtIn: "default"
        }
    }
}

/// A setting's value and where it comes from.
struct Setting<Value: Sendable>: Sendable {
    let value: Value
    let source: SettingSource
}

extension Setting: Equatable where Value: Equatable {}
