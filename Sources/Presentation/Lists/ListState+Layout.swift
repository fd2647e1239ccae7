import Domain
import Foundation
import TerminalUI

/// A list laid out at a size: what fits, where the selection shows, where the pane and its
/// artwork go. `FullScreenListView` draws from it; `ListUpdate` moves and clicks by it.
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
    /// names no artwork, or too little room is left. The cells there are left blank when drawn.
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
}

/// Where a click lands on a list.
extension ListState {
    /// The body line the first row shown is drawn on: below the title, the filter (when one is
    /// set) and the column headers, as the list is drawn.
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
