import Foundation
import TerminalUI

/// The lines of a full-screen list drawn as the one-shot table draws its rows: the same columns,
/// sized to their content by the same rules (`TableRenderer.layOut`), with the selection marker
/// in front. Every full-screen list draws its rows with it.
struct TableLines<Row: ListRowDescribing> {
    /// The marker column (`› `, `›✓` when marked) in front of the number.
    static var markerWidth: Int { 2 }
    /// A row marked in the picker; a glyph, so it shows without colour too.
    static var markGlyph: String { "✓" }

    let layout: [TableRenderer<Row>.LaidOutColumn]
    let numberWidth: Int
    let columns: Int

    /// - Parameters:
    ///   - rows: Every row loaded (the columns fit all of them, so they stay put as the list scrolls).
    ///   - largestNumber: The number of the last row.
    ///   - columns: The width of the list.
    init(_ rows: [Row], largestNumber: Int, columns: Int) {
        numberWidth = String(largestNumber).count
        layout = TableRenderer<Row>.layOut(rows, width: max(0, columns - Self.markerWidth), numberWidth: numberWidth)
        self.columns = columns
    }

    /// How wide the list is when every column has its natural width (nothing cut).
    static func naturalWidth(of rows: [Row], largestNumber: Int) -> Int {
        let numberWidth = String(largestNumber).count
        let layout = TableRenderer<Row>.layOut(rows, width: .max / 2, numberWidth: numberWidth)
        return layout.reduce(markerWidth + numberWidth) { $0 + 2 + $1.naturalWidth }
    }

    /// The column headers.
    func header() -> FrameLine {
        var line = FrameLine(columns: columns)
        line.append("  ")
        line.append("#", width: numberWidth, .bold, alignRight: true)
        for column in layout {
            line.append("  ")
            line.append(column.column.header, width: column.width, .bold, alignRight: column.column.alignRight)
        }
        return line
    }

    /// The row at `index` of those laid out, numbered `number`.
    /// - Parameters:
    ///   - isMarked: Marked in the picker: `✓` in the marker column, after the selection's `›`.
    ///   - matched: What a filter matched in the row: per column of `Row.tableColumns`, the
    ///     positions of the matched characters, drawn highlighted.
    func line(at index: Int, number: Int, isSelected: Bool, isMarked: Bool = false, matched: [[Int]]? = nil)
        -> FrameLine
    {
        let look: CellAttributes = isSelected ? .reverse : []
        var line = FrameLine(columns: columns)
        line.append(isSelected ? "›" : " ", look.union(.bold))
        line.append(isMarked ? Self.markGlyph : " ", look.union(.bold))
        line.append(String(number), width: numberWidth, look.union(isSelected ? [] : .dim), alignRight: true)
        for column in layout {
            line.append("  ", look)
            let value = column.values[index]
            let positions = matched.flatMap { fields in
                Row.tableColumns.firstIndex { $0.header == column.column.header }.flatMap {
                    fields.indices.contains($0) ? fields[$0] : nil
                }
            }
            if let positions, !positions.isEmpty, !column.markers[index] {
                line.append(
                    value, width: column.width, look, alignRight: column.column.alignRight, highlighting: positions)
            } else if column.markers[index], let marker = column.column.marker {
                let start = line.width
                line.append(value, width: max(0, column.width - column.markerWidth), look)
                line.append(" ", look)
                line.append(marker.text, look.union(.red))
                line.pad(to: start + column.width, look)
            } else {
                line.append(value, width: column.width, look, alignRight: column.column.alignRight)
            }
        }
        if isSelected { line.pad(to: columns, look) }
        return line
    }
}
