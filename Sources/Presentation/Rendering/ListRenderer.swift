import Foundation

/// Turns rows into the text written to standard output, in one piece.
public protocol ListRenderer<Row>: Sendable {
    associatedtype Row
    /// - Parameter rows: The rows, in order; never empty.
    /// - Returns: The complete text, ending with a line break.
    func render(_ rows: [Row]) -> String
}

/// How one kind of row is written in every format: the table's columns, the plain fields, the
/// JSON keys. A feature's list item describes itself once; `TableRenderer`, `PlainRenderer` and
/// `JSONRenderer` do the rest. Rows are values: a screen compares them to redraw only on a change.
public protocol ListRowDescribing: Equatable, Sendable {
    /// The table's columns after `#`, in order.
    static var tableColumns: [TableColumn<Self>] { get }
    /// The tab-separated fields of a plain line, in order; sanitised text (no tab, no line break).
    static var plainFields: [@Sendable (Self) -> String] { get }
    /// The keys of a JSON object, in order.
    static var jsonFields: [JSONField<Self>] { get }
}

extension ListRowDescribing {
    /// The JSON keys, in order: what `--json FIELDS`-style choices are checked against.
    public static var jsonKeys: [String] { jsonFields.map(\.key) }
}

/// One tab-separated line per row, fields as the row describes them.
public struct PlainRenderer<Row: ListRowDescribing>: ListRenderer {
    public init() {}

    public func render(_ rows: [Row]) -> String {
        var text = ""
        text.reserveCapacity(rows.count * 160)
        for row in rows {
            text += Row.plainFields.map { $0(row) }.joined(separator: "\t")
            text += "\n"
        }
        return text
    }
}
