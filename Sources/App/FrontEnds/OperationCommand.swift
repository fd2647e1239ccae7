import Catalog
import Foundation
import JSON
import Presentation
import TerminalUI

/// The command line's front end for an operation that has no flow of its own (an operation
/// declared in Catalog and nothing more): it runs through Catalog, its rows are written once
/// in the format asked for, and the exit status follows from the outcome by one switch.
@MainActor
enum OperationCommand {
    /// - Returns: 0 with rows, 1 when nothing was found, otherwise the failure's status.
    static func run(
        _ operation: CatalogOperation, arguments: OperationArguments, style: OutputStyle, services: CatalogServices,
        console: Console
    ) async -> ExitStatus {
        let outcome = await operation.run(arguments, services: services)
        switch outcome {
        case .found(let found):
            guard
                let result = try? style.jsonFields.map({ keys throws(OperationFailure) in try found.selecting(keys) })
                    ?? found
            else { return .usage }  // The fields were checked with the command line.
            console.output.write(text(of: result, style: style))
        case .nothingFound:
            console.diagnostics.write("mvsearch: no \(operation.rows.description) found\n")
        case .failed(let failure):
            let hint = failure.hint.map { " — \(TerminalSanitizer.sanitize($0))" } ?? ""
            console.diagnostics.write("mvsearch: \(TerminalSanitizer.sanitize(failure.message))\(hint)\n")
        }
        return ExitStatus(outcome)
    }

    /// The rows in the style's format: a JSON array (or a line each), tab-separated lines, or a
    /// table with the keys as its header.
    private static func text(of result: OperationResult, style: OutputStyle) -> String {
        let objects = result.objects
        switch style.format {
        case .json:
            // Laid out as every other list's `--json` is (`JSONRenderer`): one object a line.
            return "[\n" + objects.map { "  " + line($0) }.joined(separator: ",\n") + (objects.isEmpty ? "" : "\n")
                + "]\n"
        case .jsonl:
            return objects.map { line($0) + "\n" }.joined()
        case .plain:
            return objects.map { row in row.map { plain($0.value) }.joined(separator: "\t") + "\n" }.joined()
        case .m3u:
            return M3UPlaylist.text(objects.compactMap(playlistEntry))
        case .table:
            let keys = result.fieldPositions.map { result.schema.fields[$0].key }
            let cells = objects.map { row in row.map { plain($0.value) } }
            let widths = keys.indices.map { column in
                ([keys[column]] + cells.map { $0[column] }).map(DisplayWidth.of).max() ?? 0
            }
            let line = { (values: [String]) in
                zip(values, widths).map { DisplayWidth.pad($0, toWidth: $1) }.joined(separator: "  ")
                    .trimmingWhitespace() + "\n"
            }
            return line(keys) + cells.map(line).joined()
        }
    }

    /// A row as one JSON object on one line.
    private static func line(_ row: [(key: String, value: FieldValue)]) -> String {
        JSONValue.object(JSONObject(row.map { ($0.key, $0.value.jsonValue) })).serializedString
    }

    /// A row's preview clip as a playlist entry (`--format m3u`); `nil` when it has none.
    private static func playlistEntry(_ row: [(key: String, value: FieldValue)]) -> PlaylistEntry? {
        var fields: [String: String] = [:]
        for field in row {
            switch field.value {
            case .string(let text): fields[field.key] = text
            case .integer(let number): fields[field.key] = String(number)
            default: break
            }
        }
        guard let url = fields["previewUrl"].flatMap(URL.init(string:)) else { return nil }
        return PlaylistEntry(
            url: url, title: fields["title"] ?? "", artist: fields["artist"],
            durationSeconds: fields["durationSeconds"].flatMap { Int($0) })
    }

    /// A value as one plain field: no tab, no line break, nothing that drives a terminal.
    private static func plain(_ value: FieldValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): TerminalSanitizer.sanitize(text)
        case .integer(let number): String(number)
        case .decimal(let number): "\(number)"
        case .boolean(let flag): flag ? "true" : "false"
        }
    }
}

extension ExitStatus {
    /// The one switch from an operation's outcome to the exit status.
    init(_ outcome: OperationOutcome) {
        switch outcome {
        case .found: self = .success
        case .nothingFound: self = .noResults
        case .failed(let failure):
            switch failure.kind {
            case .invalidArgument, .rejectedQuery: self = .usage
            case .unreadableAnswer: self = .dataError
            case .serviceFailed, .unavailable: self = .unavailable
            case .rateLimited, .timedOut: self = .temporaryFailure
            case .localResources: self = .systemError
            case .cancelled: self = .interrupted
            }
        }
    }
}
