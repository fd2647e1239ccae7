import Foundation
import TerminalUI

/// What the full-screen list of any numbered rows shows: the rows in the columns they describe
/// (`ListRowDescribing.tableColumns`), the selection, a row number being typed, and whether the
/// list is loading. Its methods are the screen's rules; `render` draws it as a pure function.
public struct ListViewState<Row: ListRowDescribing>: Equatable, Sendable {
    /// Sanitised: the view model's title, or what the coordinator called the list.
    public var title: String
    public private(set) var rows: [Row] = []
    /// Index into `shown`.
    public private(set) var selection = 0
    /// The first row shown (index into `shown`).
    public private(set) var top = 0
    /// The `/` filter, when one is set.
    public private(set) var filter: RowFilter?
    /// A row's number being typed, to choose that row.
    public var rowNumber = RowNumberEntry()
    public var loading = ListLoading.idle
    /// Shown instead of rows when there are none (nothing found, the load failed or was cancelled).
    public var emptyMessage: String?
    /// The rows marked in the picker (Tab), by index into `rows`, kept while a filter hides them.
    public internal(set) var marks = RowMarks<Int>()

    public init(title: String) {
        self.title = TerminalSanitizer.sanitize(title)
    }

    /// The rows shown, as indices into `rows`: all, or those the filter matches, best first.
    public var shown: [Int] { filter?.order ?? Array(rows.indices) }

    /// The row selected (an index into `rows`), or `nil` when there are none.
    public var selectedRow: Int? {
        let shown = shown
        return shown.indices.contains(selection) ? shown[selection] : nil
    }

    /// A new list: the selection goes back to the first row, unless the same rows came again.
    public mutating func setRows(_ newRows: [Row]) {
        if newRows.count != rows.count {
            selection = 0
            top = 0
        }
        if newRows != rows { marks = RowMarks() }
        rows = newRows
        filter?.apply(to: rows.map(Self.fields))
        clampSelection()
    }

    // MARK: Filter

    public mutating func startFilter() {
        if filter == nil { filter = RowFilter() }
        filter?.isEditing = true
        filter?.apply(to: rows.map(Self.fields))
    }

    /// Applies a key to the filter being typed: the rows that match, best first, the best selected.
    /// - Returns: `false` when the key does not edit text.
    public mutating func editFilter(_ key: Key) -> Bool {
        guard filter?.edit(key) == true else { return false }
        filter?.apply(to: rows.map(Self.fields))
        selection = 0
        top = 0
        return true
    }

    /// Enter: stop typing, keep the filter (an empty one goes).
    public mutating func finishFilter() {
        filter?.isEditing = false
        if filter?.text.isEmpty ?? true { clearFilter() }
    }

    /// Esc: every row again, the selected one still selected.
    public mutating func clearFilter() {
        let kept = selectedRow
        filter = nil
        selection = kept ?? 0
        clampSelection()
    }

    /// What the filter matches in a row: every column's text.
    private static func fields(of row: Row) -> [String] { Row.tableColumns.map { $0.value(row) } }

    // MARK: Selection

    public mutating func moveSelection(by delta: Int) {
        selection += delta
        clampSelection()
    }

    public mutating func selectFirst() {
        selection = 0
        clampSelection()
    }

    public mutating func selectLast() {
        selection = shown.count - 1
        clampSelection()
    }

    /// Selects the row with this number (rows are numbered from 1).
    /// - Returns: Its index in `rows`, or `nil` when there is no such row.
    public mutating func select(number: Int) -> Int? {
        let index = number - 1
        guard rows.indices.contains(index) else { return nil }
        if filter.map({ !$0.order.contains(index) }) ?? false { clearFilter() }
        selection = shown.firstIndex(of: index) ?? index
        return index
    }

    private mutating func clampSelection() {
        selection = max(0, min(selection, shown.count - 1))
    }

    // MARK: Drawing

    /// How many rows fit in a body `rows` high, below the title, the filter and the column headers.
    public func listHeight(rows: Int) -> Int {
        max(1, rows - 2 - (filter == nil ? 0 : 1))
    }

    /// Scrolls so the selection is in view; called before drawing with the body's height.
    public mutating func scrollToSelection(rows: Int) {
        let height = listHeight(rows: rows)
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        top = max(0, min(top, max(0, shown.count - height)))
    }

    /// The screen as a pure function of the state (`scrollToSelection` has placed `top`): the
    /// title and the rows' count, the column headers, then the rows numbered from 1, the selected
    /// one highlighted.
    public func render(columns: Int, rows height: Int) -> Frame {
        var frame = Frame(columns: columns, rows: height)
        frame[0] = header(columns: columns)
        let below = filter == nil ? 0 : 1  // the filter's line, under the title
        if let filter {
            let (line, cursor) = filter.line(columns: columns, total: rows.count)
            frame[1] = line
            frame.cursor = cursor.map { Frame.Position(row: 1, column: $0) }
        }
        if rows.isEmpty {
            let message = loading == .firstPage ? "Searching…" : (emptyMessage ?? "Nothing to show")
            frame[2] = FrameLine("  " + message, columns: columns, attributes: loading == .idle ? .bold : .dim)
            return frame
        }
        let table = TableLines(rows, largestNumber: rows.count, columns: columns)
        frame[1 + below] = table.header()
        let shown = shown
        let end = min(shown.count, top + listHeight(rows: height))
        var line = 2 + below
        for position in top..<max(top, end) {
            let index = shown[position]
            frame[line] = table.line(
                at: index, number: index + 1, isSelected: position == selection, isMarked: marks.contains(index),
                matched: filter?.matches[index])
            line += 1
        }
        return frame
    }

    private func header(columns: Int) -> FrameLine {
        var line = FrameLine(columns: columns)
        line.append(title, .bold)
        if !rows.isEmpty { line.append(rows.count == 1 ? "  1" : "  1–\(rows.count)", .dim) }
        return line
    }
}

// MARK: Picker

extension ListViewState {
    /// Tab: marks the selected row, or unmarks it.
    /// - Returns: Whether there was a row to mark.
    public mutating func toggleMark() -> Bool {
        guard let row = selectedRow else { return false }
        marks.toggle(row)
        return true
    }

    /// What the picker writes on Enter: the marked rows in the list's order (hidden by the filter
    /// or not), else the selected row.
    public var pickedRows: [Row] {
        marks.picked(from: Array(rows.indices), id: { $0 }, selected: selectedRow).map { rows[$0] }
    }
}
