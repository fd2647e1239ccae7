import Domain
import Foundation
import TerminalUI

/// Drawing a list: the view's pure function of the list's state and the size — nothing is
/// stored, nothing fetched (where things go is the state's layout, `ListState+Layout`).
extension FullScreenListView {
    /// The screen: the title and the rows' numbers, the filter, the column headers, the rows in
    /// the columns they describe (as the one-shot table sizes them), and the preview beside them
    /// when it shows.
    nonisolated public static func frame(of state: ListState<Row>, columns: Int, rows height: Int) -> Frame {
        var frame = Frame(columns: columns, rows: height)
        let (listColumns, preview) = state.split(columns: columns)
        frame[0] = header(of: state, columns: columns)
        var row = 1
        if let filter = state.filter {
            let (line, cursor) = filter.line(columns: listColumns, total: state.rows.count)
            frame[row] = line
            frame.cursor = cursor.map { Frame.Position(row: row, column: $0) }
            row += 1
        }
        if state.rows.isEmpty {
            let nothing = ListState<Row>.listsVideos ? "No music videos" : "Nothing to show"
            let message = state.loading == .firstPage ? "Searching…" : (state.emptyMessage ?? nothing)
            let attributes: CellAttributes = state.loading == .idle ? .bold : .dim
            frame[row + 1] = FrameLine("  " + message, columns: columns, attributes: attributes)
            return frame
        }
        let table = TableLines(
            state.rows, largestNumber: state.firstNumber + state.rows.count - 1, columns: listColumns)
        if row < height {
            frame[row] = table.header()
            row += 1
        }
        let top = state.shownTop(rows: height)
        let end = min(state.visible.count, top + state.listHeight(rows: height))
        for position in top..<max(top, end) where row < height {
            let index = state.visible[position]
            frame[row] = table.line(
                at: index, number: state.firstNumber + index, isSelected: position == state.selection,
                isMarked: state.marks.contains(index), matched: state.matches[index])
            row += 1
        }
        if case .loadingMore = state.paging, state.loading != .idle, row < height {
            frame[row] = FrameLine("  Loading more…", columns: listColumns, attributes: .dim)
        } else if state.visible.isEmpty, row < height {
            frame[row] = FrameLine("  No row matches the filter", columns: listColumns, attributes: .dim)
        }
        if preview != nil, let video = state.selectedVideo {
            drawPreview(of: video, into: &frame, from: listColumns, height: height)
        }
        return frame
    }

    nonisolated private static func header(of state: ListState<Row>, columns: Int) -> FrameLine {
        var line = FrameLine(columns: columns)
        line.append(state.title, .bold)
        guard !state.rows.isEmpty else { return line }
        let first = state.firstNumber
        let last = first + state.rows.count - 1
        var count = last == first ? "  \(first)" : "  \(first)–\(last)"
        if state.paging != .complete { count += ", more below" }
        line.append(count, .dim)
        if let order = state.order { line.append(" · sorted by \(order.rawValue)", .dim) }
        return line
    }

    /// The selected video's details beside the list: every field, no request.
    nonisolated private static func drawPreview(
        of video: MusicVideo, into frame: inout Frame, from column: Int, height: Int
    ) {
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
