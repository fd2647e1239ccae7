import Foundation
import Presentation
import TerminalUI

/// What `mvsearch --settings` prints: the settings file and how it was used, then each setting,
/// its value and where the value comes from, in columns:
///
/// ```
/// settings file: /home/ana/.config/mvsearch/config
/// country  GB                               file:2
/// limit    25                               default
/// colour   off                              environment (NO_COLOR)
/// ```
enum SettingsReport {
    /// - Parameter settings: The run's settings.
    /// - Returns: The lines, each ending with a line break.
    static func text(_ settings: UserSettings) -> String {
        // Each value as its declaration shows it (a player's command line made inert for the terminal).
        let rows = settings.rows
        let keyWidth = rows.map { $0.0.count }.max() ?? 0
        // A long value (a player's command line) is not a reason to pad every other line to it:
        // the column is at most `maximumValueWidth` wide, and a longer value just runs on.
        let valueWidth = min(rows.map { DisplayWidth.of($0.1) }.max() ?? 0, maximumValueWidth)
        var text = fileLine(settings.file) + "\n"
        for (key, value, source) in rows {
            text +=
                DisplayWidth.pad(key, toWidth: keyWidth) + "  "
                + DisplayWidth.pad(value, toWidth: valueWidth) + "  " + source.description + "\n"
        }
        return text
    }

    /// The widest the value column is padded to.
    static let maximumValueWidth = 40

    private static func fileLine(_ file: LoadedSettingsFile) -> String {
        let path = file.path.map(TerminalSanitizer.sanitize) ?? ""
        switch file.status {
        case .noLocation: return "settings file: none (neither XDG_CONFIG_HOME nor HOME is set)"
        case .missing: return "settings file: \(path) (there is none: nothing from a file)"
        case .read: return "settings file: \(path)"
        case .refused(let reason): return "settings file: \(path) (not used: \(TerminalSanitizer.sanitize(reason)))"
        }
    }
}
