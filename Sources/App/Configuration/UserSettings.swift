import Foundation
import Networking

/// The settings a user may keep in the settings file (`SettingsTable`), each resolved from the
/// command line, the environment, the file and the defaults, with where it came from
/// (`mvsearch --settings`). A setting is read by its declaration's name:
/// `configuration.settings.mouse.value`.
@dynamicMemberLookup
struct UserSettings: Equatable, Sendable {
    /// By key, every setting of the table.
    private let resolved: [String: ResolvedSetting]
    private let defaults: SettingDefaults
    /// The file they were read from, and how that went.
    let file: LoadedSettingsFile

    /// - Parameters:
    ///   - options: What the command line said.
    ///   - environment: The variables the declarations name (`MVSEARCH_COUNTRY`, `NO_COLOR`, …).
    ///   - file: The settings file, read and checked.
    ///   - defaults: What the defaults depend on (whether the service is Apple's).
    /// - Throws: `UsageError` for a variable whose value is wrong.
    init(
        options: SearchOptions, environment: [String: String], file: LoadedSettingsFile,
        defaults: SettingDefaults = SettingDefaults()
    ) throws(UsageError) {
        var resolved: [String: ResolvedSetting] = [:]
        for setting in SettingsTable.shared.all {
            resolved[setting.key] = try setting.resolved(
                options: options, environment: environment, file: file.contents, defaults: defaults)
        }
        self.resolved = resolved
        self.defaults = defaults
        self.file = file
    }

    /// The setting `declaration` declares, and where its value comes from.
    subscript<Value>(_ declaration: SettingDeclaration<Value>) -> Setting<Value> {
        guard let setting = resolved[declaration.key], let value = setting.value as? Value else {
            return Setting(value: declaration.defaultValue(defaults), source: .builtIn)  // not in the table
        }
        return Setting(value: value, source: setting.source)
    }

    /// `settings.mouse`: the table's setting of that name.
    subscript<Value>(dynamicMember name: KeyPath<SettingsTable, SettingDeclaration<Value>>) -> Setting<Value> {
        self[SettingsTable.shared[keyPath: name]]
    }

    /// Each setting in the table's order: its key, its value as shown, and where it comes from.
    var rows: [(key: String, value: String, source: SettingSource)] {
        SettingsTable.shared.all.compactMap { setting in
            resolved[setting.key].map { (setting.key, $0.shown, $0.source) }
        }
    }
}
