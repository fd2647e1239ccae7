import Foundation
import TerminalUI

/// One column of a table: its header, each row's text, and how it takes space.
public struct TableColumn<Row>: Sendable {
    /// How a column takes space.
    public enum Width: Sendable {
        /// As wide as its widest value; left out when every value is empty. On a narrow
        /// terminal, such columns give way from the last, so flexible columns keep room.
        case fitted
        /// As wide as its widest value, and never left out.
        case fittedAlways
        /// What the fitted columns leave: the first flexible column takes the rest, each other
        /// up to `percent` of it; every value longer than its column is cut with `…`.
        case flexible(percent: Int)
    }

    let header: String
    let width: Width
    let alignRight: Bool
    let value: @Sendable (Row) -> String
    /// A short mark after the value (e.g. `E` for explicit, in red), for the rows it applies to.
    let marker: (text: String, applies: @Sendable (Row) -> Bool)?

    public init(
        _ header: String, width: Width = .fitted, alignRight: Bool = false,
        marker: (text: String, applies: @Sendable (Row) -> Bool)? = nil, value: @escaping @Sendable (Row) -> String
    ) {
        self.header = header
        self.width = width
        self.alignRight = alignRight
        self.marker = marker
        self.value = value
    }
}

extension TableColumn {
    /// The same column for rows that hold a `Row`: `part` finds it.
    public func pullback<Whole>(_ part: @escaping @Sendable (Whole) -> Row) -> TableColumn<Whole> {
        let value = value
        let marker: (text: String, applies: @Sendable (Whole) -> Bool)? = self.marker.map { marker in
            (marker.text, { marker.applies(part($0)) })
        }
        let width: TableColumn<Whole>.Width =
            switch self.width {
            case .fitted: .fitted
            case .fittedAlways: .fittedAlways
            case .flexible(let percent): .flexible(percent: percent)
            }
        return TableColumn<Whole>(
            header, width: width, alignRight: alignRight, marker: marker, value: { value(part($0)) })
    }
}

/// Numbered rows in the columns the row describes, aligned by display width (CJK, emoji) and
/// fitted to a terminal width.
public struct TableRenderer<Row: ListRowDescribing>: ListRenderer {
    private let width: Int
    private let style: TextStyle
    private let firstNumber: Int

    private static var gap: String { "  " }
    private static var minimumTextWidth: Int { 8 }

    /// - Parameters:
    ///   - width: The terminal's width in columns.
    ///   - style: Colour or none.
    ///   - firstNumber: The number of the first row (rows are numbered for selection).
    public init(width: Int, style: TextStyle = .plain, firstNumber: Int = 1) {
        self.width = width
        self.style = style
        self.firstNumber = firstNumber
    }

    public func render(_ rows: [Row]) -> String {
        let numbers = rows.indices.map { String(firstNumber + $0) }
        let numberWidth = max(1, numbers.map(\.count).max() ?? 1)
        let columns = Self.layOut(rows, width: width, numberWidth: numberWidth)

        var lines: [String] = []
        lines.reserveCapacity(rows.count + 1)
        var header = DisplayWidth.pad("#", toWidth: numberWidth, alignRight: true)
        for column in columns {
            header += Self.gap + column.headerCell()
        }
        lines.append(style.bold(trimTrailingSpaces(header)))
        for index in rows.indices {
            var line = style.dim(DisplayWidth.pad(numbers[index], toWidth: numberWidth, alignRight: true))
            for column in columns {
                line += Self.gap + column.cell(at: index, style: style)
            }
            lines.append(trimTrailingSpaces(line))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The columns shown for these rows in `width` columns (the number column, `numberWidth`
    /// wide, included), each with its width: what the table draws, and the full-screen list too.
    static func layOut(_ rows: [Row], width: Int, numberWidth: Int) -> [LaidOutColumn] {
        var columns = Row.tableColumns.map { LaidOutColumn($0, rows: rows) }.filter(\.isShown)
        func fixedWidth() -> Int {
            columns.reduce(numberWidth) { $0 + Self.gap.count + ($1.isFlexible ? 0 : $1.naturalWidth) }
        }
        let flexibleCount = columns.filter(\.isFlexible).count
        // On a narrow terminal, the last droppable fitted column gives way first.
        while width - fixedWidth() < flexibleCount * Self.minimumTextWidth,
            let last = columns.lastIndex(where: \.isDroppable)
        {
            columns.remove(at: last)
        }
        let flexibleWidths = flexibleWidths(for: columns.filter(\.isFlexible), available: width - fixedWidth())
        var next = flexibleWidths.makeIterator()
        for index in columns.indices where columns[index].isFlexible {
            columns[index].width = next.next() ?? columns[index].naturalWidth
        }
        return columns
    }

    /// Natural widths when they fit; otherwise each flexible column after the first gets up to its
    /// share of the room, the first the rest, and what the first leaves goes back to the others.
    private static func flexibleWidths(for columns: [LaidOutColumn], available: Int) -> [Int] {
        let naturals = columns.map(\.naturalWidth)
        guard !columns.isEmpty else { return [] }
        if naturals.reduce(0, +) <= available { return naturals }
        // Below 8 columns each only when the terminal leaves no more: a squeezed cell beats a
        // wrapped line.
        let minimum = min(Self.minimumTextWidth, max(1, available / columns.count))
        let room = max(available, columns.count * minimum)
        var widths = columns.map { column in
            min(column.naturalWidth, max(minimum, room * column.percent / 100))
        }
        widths[0] = min(naturals[0], room - widths.dropFirst().reduce(0, +))
        for index in widths.indices.dropFirst() {
            let others = widths.enumerated().filter { $0.offset != index }.reduce(0) { $0 + $1.element }
            widths[index] = min(naturals[index], room - others)
        }
        return widths
    }

    private func trimTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    /// A column with its values for these rows and, once known, its width.
    struct LaidOutColumn {
        let column: TableColumn<Row>
        let values: [String]
        let markers: [Bool]
        /// The marker's width with its space, when any row shows it.
        let markerWidth: Int
        let naturalWidth: Int
        var width: Int

        init(_ column: TableColumn<Row>, rows: [Row]) {
            self.column = column
            values = rows.map(column.value)
            let markers = column.marker.map { marker in rows.map(marker.applies) } ?? rows.map { _ in false }
            self.markers = markers
            let markerWidth = markers.contains(true) ? 1 + DisplayWidth.of(column.marker?.text ?? "") : 0
            self.markerWidth = markerWidth
            let widest = zip(values, markers).map { DisplayWidth.of($0) + ($1 ? markerWidth : 0) }.max() ?? 0
            naturalWidth = max(DisplayWidth.of(column.header), widest)
            width = naturalWidth
        }

        var isFlexible: Bool {
            if case .flexible = column.width { return true }
            return false
        }

        var percent: Int {
            if case .flexible(let percent) = column.width { return percent }
            return 100
        }

        var isDroppable: Bool {
            if case .fitted = column.width { return true }
            return false
        }

        /// Fitted columns whose every value is empty are left out.
        var isShown: Bool {
            guard case .fitted = column.width else { return true }
            return values.contains { !$0.isEmpty }
        }

        func headerCell() -> String {
            DisplayWidth.pad(
                DisplayWidth.truncate(column.header, toWidth: width), toWidth: width, alignRight: column.alignRight)
        }

        func cell(at index: Int, style: TextStyle) -> String {
            let value = values[index]
            guard isFlexible else { return DisplayWidth.pad(value, toWidth: width, alignRight: column.alignRight) }
            guard markers[index], let marker = column.marker else {
                return DisplayWidth.pad(DisplayWidth.truncate(value, toWidth: width), toWidth: width)
            }
            let text = DisplayWidth.truncate(value, toWidth: width - markerWidth)
            return text + " " + style.red(marker.text)
                + String(repeating: " ", count: max(0, width - DisplayWidth.of(text) - markerWidth))
        }
    }
}
