import Foundation
import Presentation

/// How results are written: the format, the JSON keys, and whether with colour.
struct OutputStyle: Equatable, Sendable {
    let format: OutputFormat
    let usesColor: Bool
    /// The keys of each JSON object, in order (`--json FIELDS`); `nil` for every key.
    var jsonFields: [String]?

    init(format: OutputFormat, usesColor: Bool) {
        self.format = format
        self.usesColor = usesColor
    }

    /// - Parameters:
    ///   - options: `--format`, `--json`, `--no-color`.
    ///   - outputIsTerminal: Whether standard output is a terminal.
    ///   - environment: `NO_COLOR` (set and non-empty) and `TERM=dumb` turn colour off.
    init(options: SearchOptions, outputIsTerminal: Bool, environment: [String: String]) {
        format = options.format ?? (outputIsTerminal ? .table : .plain)
        usesColor =
            outputIsTerminal && !options.noColor
            && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
