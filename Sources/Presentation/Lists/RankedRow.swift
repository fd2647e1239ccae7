import Foundation

/// A row with its place in a chart (`rank`, 1 for the top): plain lines and JSON objects give the
/// rank first, then the row's own fields; the table's `#` is already the rank.
public struct RankedRow<Row: ListRowDescribing>: ListRowDescribing {
    /// The 1-based chart position.
    public let rank: Int
    public let row: Row

    public init(rank: Int, row: Row) {
        self.rank = rank
        self.row = row
    }

    /// Rows ranked in order, the first 1.
    public static func ranked(_ rows: [Row]) -> [RankedRow] {
        rows.enumerated().map { RankedRow(rank: $0.offset + 1, row: $0.element) }
    }

    public static var tableColumns: [TableColumn<Self>] { Row.tableColumns.map { $0.pullback(\.row) } }

    public static var plainFields: [@Sendable (Self) -> String] {
        [{ String($0.rank) }] + Row.plainFields.map { field in { field($0.row) } }
    }

    public static var jsonFields: [JSONField<Self>] {
        [.literal("rank") { String($0.rank) }] + Row.jsonFields.map { $0.pullback(\.row) }
    }
}
