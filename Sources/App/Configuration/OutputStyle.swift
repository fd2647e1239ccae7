import Domain
import Foundation
import Presentation

/// How results are written: the format, the JSON keys, the order, and whether with colour.
struct OutputStyle: Equatable, Sendable {
    let format: OutputFormat
    let usesColor: Bool
    /// The keys of each JSON object, in order (`--json FIELDS`); `nil` for every key.
    var jsonFields: [String]?
    /// The order of a one-shot list of videos (`--sort`); `nil` for the service's.
    var order: MusicVideoOrder?
    /// `--select-1`: a pick that finds a single video writes it at once, without a screen.
    var selectsOnlyRow = false

    init(format: OutputFormat, usesColor: Bool) {
        self.format = format
        self.usesColor = usesColor
    }

    /// - Parameters:
    ///   - settings: The format (`--format`, `--json`, the settings file) and colour (`--no-color`,
    ///     `NO_COLOR`, `TERM=dumb`, the settings file).
    ///   - outputIsTerminal: Whether standard output is a terminal: a table and colour only there,
    ///     unless a format is chosen.
    init(settings: UserSettings, outputIsTerminal: Bool) {
        format = settings.format.value ?? (outputIsTerminal ? .table : .plain)
        usesColor = outputIsTerminal && settings.colour.value
    }
}
