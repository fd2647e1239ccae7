import Domain
import Foundation
import TerminalUI

/// Drawing a list: a pure function of the state and the size — nothing is stored, nothing fetched.
extension ListState {
    /// How many list rows fit in a body `rows` high (below the title, the filter and the column
    /// headers).
    public func listHeight(rows: Int) -> Int {
        max(1, rows - 2 - (filter == nil ? 0 : 1))
    }

    /// The first visible row drawn in a body `rows` high: `top`, moved just enough to show the
    /// selection.
    public func shownTop(rows: Int) -> Int {
        let height = listHeight(rows: rows)
        var shown = top
        if selection < shown { shown = selection }
        if selection >= shown + height { shown = selection - height + 1 }
        return max(0, min(shown, max(0, visible.count - height)))
    }

    /// Scrolls so the selection is in view in a body `rows` high (`ListUpdate` does it on every
    /// event, with the viewport's height).
    public mutating func scrollToSelection(rows: Int) {
        top = shownTop(rows: rows)
    }

    /// How wide the list and the preview beside it are at this width; the preview is `nil` when
    /// it is not shown (the rows are not videos, none is selected, or it does not fit). By itself
    /// it shows from `previewMinimumColumns` when the list keeps every column whole beside it; `v`
    /// shows or hides it whatever the width, down to the width where it no longer fits.
    public func split(columns: Int) -> (list: Int, preview: Int?) {
        guard let video = selectedVideo else { return (columns, nil) }
        let details = MusicVideoDetailsFormatter.rows(for: video)
        let labelWidth = details.map { DisplayWidth.of($0.label) }.max() ?? 0
        let valueWidth = details.map { DisplayWidth.of($0.value) }.max() ?? 0
        // " │ " and the fields, at most 9/20 of the terminal.
        let preview = max(Self.previewMinimumWidth, min(3 + labelWidth + 2 + valueWidth, columns * 9 / 20))
        let fits = columns >= Self.previewMinimumColumns && columns - preview >= listNaturalWidth
        guard showsPreview ?? fits, columns - preview >= Self.previewMinimumWidth else { return (columns, nil) }
        return (columns - preview, preview)
    }

    /// Whether the preview is shown at this width.
    public func isPreviewShown(columns: Int) -> Bool {
        split(columns: columns).preview != nil
    }

    /// Where the selected video's artwork goes when pictures can be shown: in the preview, below
    /// the details, as large as the rows left allow; `nil` when the preview is hidden, the row
    /// names no artwork, or too little room is left. The cells there are blank in `render`.
    public func artworkSlot(columns: Int, rows height: Int) -> (url: URL, slot: ArtworkSlot)? {
        let (listColumns, preview) = split(columns: columns)
        guard let preview, let video = selectedVideo, let url = video.artworkURL else { return nil }
        let top = 1 + MusicVideoDetailsFormatter.rows(for: video).count + 1
        // After " │ ", and one column short of the edge.
        guard
            let slot = ArtworkSlot(
                row: top, column: listColumns + 3, availableColumns: preview - 4, availableRows: height - top)
        else { return nil }
        return (url, slot)
    }

    /// The screen: the title and the rows' numbers, the filter, the column headers, the rows in
    /// the columns they describe (as the one-shot table sizes them), and the preview beside them
    /// when it shows.
    public func render(columns: Int, rows height: Int) -> Frame {
        var frame = Frame(columns: columns, rows: height)
        let (listColumns, preview) = split(columns: columns)
        frame[0] = header(columns: columns)
        var row = 1
        if let filter {
            let (line, cursor) = filter.line(columns: listColumns, total: rows.count)
            frame[row] = line
            frame.cursor = cursor.map { Frame.Position(row: row, column: $0) }
            row += 1
        }
        if rows.isEmpty {
            let nothing = Self.listsVideos ? "No music videos" : "Nothing to show"
            let message = loading == .firstPage ? "Searching…" : (emptyMessage ?? nothing)
            frame[row + 1] = FrameLine("  " + message, columns: columns, attributes: loading == .idle ? .bold : .dim)
            return frame
        }
        let table = TableLines(rows, largestNumber: firstNumber + rows.count - 1, columns: listColumns)
        if row < height {
            frame[row] = table.header()
            row += 1
        }
        let top = shownTop(rows: height)
        let end = min(visible.count, top + listHeight(rows: height))
        for position in top..<max(top, end) where row < height {
            let index = visible[position]
            frame[row] = table.line(
                at: index, number: firstNumber + index, isSelected: position == selection,
                isMarked: marks.contains(index), matched: matches[index])
            row += 1
        }
        if case .loadingMore = paging, loading != .idle, row < height {
            frame[row] = FrameLine("  Loading more…", columns: listColumns, attributes: .dim)
        } else if visible.isEmpty, row < height {
            frame[row] = FrameLine("  No row matches the filter", columns: listColumns, attributes: .dim)
        }
        if preview != nil, let video = selectedVideo {
            drawPreview(of: video, into: &frame, from: listColumns, height: height)
        }
        return frame
    }

    private func header(columns: Int) -> FrameLine {
        var line = FrameLine(columns: columns)
        line.append(title, .bold)
        guard !rows.isEmpty else { return line }
        let last = firstNumber + rows.count - 1
        var count = last == firstNumber ? "  \(firstNumber)" : "  \(firstNumber)–\(last)"
        if paging != .complete { count += ", more below" }
        line.append(count, .dim)
        if let order { line.append(" · sorted by \(order.rawValue)", .dim) }
        return line
    }

    /// The selected video's details beside the list: every field, no request.
    private func drawPreview(of video: MusicVideo, into frame: inout Frame, from column: Int, height: Int) {
        let details = MusicVideoDetailsFormatter.rows(for: video)
        let labelWidth = details.map { DisplayWidth.of($0.label) }.max() ?? 0
        for row in 1..<max(1, height) {
            var line = frame[row]
            line.pad(to: column)
            line.append(" │ ", .dim)
            let index = row - 1
            if details.indices.contains(index) {
                line.append(details[index].label, width: labelWidth, .bold)
                line.append("  ")
                line.append(details[index].value)
            }
            frame[row] = line
        }
    }
}

/// Where a click lands on a list.
extension ListState {
    /// The body line the first row shown is drawn on: below the title, the filter (when one is
    /// set) and the column headers, as `render` draws them.
    public var firstRowLine: Int { 2 + (filter == nil ? 0 : 1) }

    /// The row drawn on body line `line` of a body `rows` high, as an index into `visible`.
    public func visiblePosition(atLine line: Int, rows: Int) -> Int? {
        let offset = line - firstRowLine
        let top = shownTop(rows: rows)
        guard offset >= 0, offset < listHeight(rows: rows), top + offset < visible.count else { return nil }
        return top + offset
    }

    /// Selects the row at this position of `visible` (a row drawn on screen).
    public mutating func select(visiblePosition position: Int) {
        guard visible.indices.contains(position) else { return }
        selection = position
    }
}
