import Domain
import Foundation
import TerminalUI

/// What the results screen shows: every row loaded so far (numbers continue across pages), the
/// selection, the filter, and what is loading. Its methods are the screen's rules; `render` draws
/// it as a pure function.
public struct ResultsViewState: Equatable, Sendable {
    /// From this width the selected row's details show beside the list, when the list keeps
    /// the room its columns need (or the user asked for them with `p`).
    public static let previewMinimumColumns = 110
    /// The narrowest the preview is drawn.
    public static let previewMinimumWidth = 36

    public var title = "Music videos"
    public private(set) var rows: [MusicVideosListItemViewModel] = []
    /// The number of `rows[0]` (an `--offset` search starts past 1).
    public var firstNumber = 1 {
        didSet { measureList() }
    }
    /// The width the list's columns need whole (`TableLines.naturalWidth`), measured when the rows
    /// or their numbers change rather than on every frame: the preview's room is judged from it.
    public private(set) var listNaturalWidth = 0
    /// Indices into `rows` that pass the filter: in order, or best match first while filtering.
    public private(set) var visible: [Int] = []
    /// The characters the filter matched, by index into `rows`: title's and artist's.
    public private(set) var matches: [Int: [[Int]]] = [:]
    /// Index into `visible`.
    public internal(set) var selection = 0
    /// The first visible row shown (index into `visible`).
    public private(set) var top = 0
    /// The filter, when one is set.
    public private(set) var filter: LineEditor?
    /// Whether keys are typed into the filter.
    public private(set) var isEditingFilter = false
    /// A row's number being typed, to open that row.
    public var rowNumber = RowNumberEntry()
    public var loading = ListLoading.idle
    public var hasNextPage = false
    /// Shown instead of rows when there are none (nothing found, or the load failed).
    public var emptyMessage: String?
    /// Move the selection onto the first new row when the next page arrives.
    public var selectsNextPage = false
    /// The user's choice about the preview (`p`); `nil` until they make one: shown when it fits.
    public var showsPreview: Bool?
    /// The rows marked in the picker (Tab), kept while a filter hides them.
    public internal(set) var marks = RowMarks<MusicVideo.ID>()
    /// The order the rows are shown in (the sort key); `nil` for the service's.
    public internal(set) var order: MusicVideoOrder.Key?

    public init() {}

    /// The row selected, as an index into `rows`.
    public var selectedRow: Int? { visible.indices.contains(selection) ? visible[selection] : nil }

    /// The rows of the list: all of them, or the next page's added below (moving the selection
    /// onto the first new one when the user scrolled there).
    public mutating func setRows(_ newRows: [MusicVideosListItemViewModel], firstNumber: Int? = nil) {
        let previousCount = rows.count
        let keptSelection = selectedRow
        rows = newRows
        marks.keep(only: newRows.map(\.video.id))
        if let firstNumber { self.firstNumber = firstNumber }
        measureList()
        refilter()
        // Sorted, the next page's rows go where the order puts them: the selection stays put.
        if selectsNextPage, order == nil, newRows.count > previousCount,
            let index = visible.firstIndex(of: previousCount)
        {
            selection = index
        } else if let keptSelection, firstNumber == nil, let index = visible.firstIndex(of: keptSelection) {
            selection = index
        } else if firstNumber != nil {
            selection = 0
            top = 0
        }
        selectsNextPage = false
        clampSelection()
    }

    // MARK: Selection

    /// Moves the selection by `delta` rows.
    /// - Returns: `true` when the move went past the last row and a next page can be loaded.
    public mutating func moveSelection(by delta: Int) -> Bool {
        let wantsMore = delta > 0 && selection + delta > visible.count - 1
        selection += delta
        clampSelection()
        return wantsMore && canLoadMore
    }

    public mutating func selectFirst() {
        selection = 0
        clampSelection()
    }

    public mutating func selectLast() {
        selection = visible.count - 1
        clampSelection()
    }

    /// Whether moving past the last row loads more: not while filtering, not while loading.
    public var canLoadMore: Bool { hasNextPage && loading == .idle && filter == nil && !rows.isEmpty }

    /// Selects the row with this number, clearing a filter that hides it.
    /// - Returns: Its index in `rows`, or `nil` when no loaded row has that number.
    public mutating func select(number: Int) -> Int? {
        let index = number - firstNumber
        guard rows.indices.contains(index) else { return nil }
        if !visible.contains(index) { clearFilter() }
        selection = visible.firstIndex(of: index) ?? 0
        clampSelection()
        return index
    }

    // MARK: Filter

    public mutating func startFilter() {
        filter = filter ?? LineEditor()
        isEditingFilter = true
    }

    /// Applies a key to the filter being typed: the rows that match, best first, the best selected.
    /// - Returns: `false` when the key does not edit text.
    public mutating func editFilter(_ key: Key) -> Bool {
        guard var editor = filter else { return false }
        guard editor.handle(key) else { return false }
        filter = editor
        refilter()
        selection = 0  // the best match, as in fzf
        top = 0
        clampSelection()
        return true
    }

    /// Enter: stop typing, keep the filter (an empty one goes).
    public mutating func finishFilter() {
        isEditingFilter = false
        if filter?.text.isEmpty ?? true { clearFilter() }
    }

    public mutating func clearFilter() {
        let keptSelection = selectedRow
        filter = nil
        isEditingFilter = false
        refilter()
        selection = keptSelection.flatMap { visible.firstIndex(of: $0) } ?? 0
        clampSelection()
    }

    mutating func refilter() {
        matches = [:]
        let pattern = FuzzyPattern(filter?.text ?? "")
        guard !pattern.isEmpty else {
            visible = listOrder
            return
        }
        let ranked = pattern.rank(rows.map { [$0.title, $0.artist] })
        matches = Dictionary(uniqueKeysWithValues: ranked.map { ($0.index, $0.match.positions) })
        // Sorted, the rows that match keep the order chosen; else the best match comes first.
        visible = order == nil ? ranked.map(\.index) : listOrder.filter { matches[$0] != nil }
    }

    private mutating func clampSelection() {
        selection = max(0, min(selection, visible.count - 1))
    }

    // MARK: Drawing

    /// How many list rows fit in a body `rows` high (below the title, the filter and the
    /// column headers).
    public func listHeight(rows: Int) -> Int {
        max(1, rows - 2 - (filter == nil ? 0 : 1))
    }

    /// How wide the list and the preview beside it are at this width; the preview is `nil` when
    /// it is not shown. By itself it shows from `previewMinimumColumns` when the list keeps every
    /// column whole beside it; `p` shows or hides it whatever the width, down to the width where
    /// it no longer fits.
    public func split(columns: Int) -> (list: Int, preview: Int?) {
        guard let selected = selectedRow else { return (columns, nil) }
        let details = MusicVideoDetailsFormatter.rows(for: rows[selected].video)
        let labelWidth = details.map { DisplayWidth.of($0.label) }.max() ?? 0
        let valueWidth = details.map { DisplayWidth.of($0.value) }.max() ?? 0
        // " │ " and the fields, at most 9/20 of the terminal.
        let preview = max(Self.previewMinimumWidth, min(3 + labelWidth + 2 + valueWidth, columns * 9 / 20))
        let listNeeds = listNaturalWidth
        let fits = columns >= Self.previewMinimumColumns && columns - preview >= listNeeds
        guard showsPreview ?? fits, columns - preview >= Self.previewMinimumWidth else { return (columns, nil) }
        return (columns - preview, preview)
    }

    private mutating func measureList() {
        listNaturalWidth = TableLines.naturalWidth(of: rows, largestNumber: firstNumber + rows.count - 1)
    }

    /// Whether the preview is shown at this width.
    public func isPreviewShown(columns: Int) -> Bool {
        split(columns: columns).preview != nil
    }

    /// Where the selected row's artwork goes when pictures can be shown: in the preview, below
    /// the details, as large as the rows left allow; `nil` when the preview is hidden, the row
    /// names no artwork, or too little room is left. The cells there are blank in `render`.
    public func artworkSlot(columns: Int, rows height: Int) -> (url: URL, slot: ArtworkSlot)? {
        let (listColumns, preview) = split(columns: columns)
        guard let preview, let selected = selectedRow, let url = rows[selected].video.artworkURL else { return nil }
        let top = 1 + MusicVideoDetailsFormatter.rows(for: rows[selected].video).count + 1
        // After " │ ", and one column short of the edge.
        guard
            let slot = ArtworkSlot(
                row: top, column: listColumns + 3, availableColumns: preview - 4, availableRows: height - top)
        else { return nil }
        return (url, slot)
    }

    /// Scrolls so the selection is in view; called before drawing with the body's height.
    public mutating func scrollToSelection(rows: Int) {
        let height = listHeight(rows: rows)
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        top = max(0, min(top, max(0, visible.count - height)))
    }

    /// The screen as a pure function of the state (`scrollToSelection` has placed `top`): the
    /// title and the rows' numbers, the filter, the column headers, the rows in the columns the
    /// one-shot table shows, sized as it sizes them, and the preview beside them when it shows.
    public func render(columns: Int, rows height: Int) -> Frame {
        var frame = Frame(columns: columns, rows: height)
        let (listColumns, preview) = split(columns: columns)
        frame[0] = header(columns: columns)
        var row = 1
        if let filter {
            var line = FrameLine(columns: listColumns)
            line.append("/", .bold)
            line.append(filter.text)
            line.append("  \(visible.count)/\(rows.count)", .dim)
            frame[row] = line
            if isEditingFilter {
                let before = filter.characters[0..<filter.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
                frame.cursor = Frame.Position(row: row, column: min(listColumns - 1, 1 + before))
            }
            row += 1
        }
        if rows.isEmpty {
            let message =
                loading == .firstPage ? "Searching…" : (emptyMessage ?? "No music videos")
            frame[row + 1] = FrameLine("  " + message, columns: columns, attributes: loading == .idle ? .bold : .dim)
            return frame
        }
        let table = TableLines(rows, largestNumber: firstNumber + rows.count - 1, columns: listColumns)
        if row < height {
            frame[row] = table.header()
            row += 1
        }
        let end = min(visible.count, top + listHeight(rows: height))
        if top < end {
            for position in top..<end where row < height {
                frame[row] = table.line(
                    at: visible[position], number: firstNumber + visible[position], isSelected: position == selection,
                    isMarked: marks.contains(rows[visible[position]].video.id), matched: matches[visible[position]])
                row += 1
            }
        }
        if loading == .nextPage, row < height {
            frame[row] = FrameLine("  Loading more…", columns: listColumns, attributes: .dim)
        } else if visible.isEmpty, row < height {
            frame[row] = FrameLine("  No row matches the filter", columns: listColumns, attributes: .dim)
        }
        if preview != nil, let selected = selectedRow {
            drawPreview(of: rows[selected], into: &frame, from: listColumns, height: height)
        }
        return frame
    }

    private func header(columns: Int) -> FrameLine {
        var line = FrameLine(columns: columns)
        line.append(title, .bold)
        guard !rows.isEmpty else { return line }
        let last = firstNumber + rows.count - 1
        var count = "  \(firstNumber)–\(last)"
        if hasNextPage { count += ", more below" }
        line.append(count, .dim)
        if let order { line.append(" · sorted by \(order.rawValue)", .dim) }
        return line
    }

    /// The selected row's details beside the list: every field, no request.
    private func drawPreview(
        of item: MusicVideosListItemViewModel, into frame: inout Frame, from column: Int, height: Int
    ) {
        let details = MusicVideoDetailsFormatter.rows(for: item.video)
        let labelWidth = details.map { DisplayWidth.of($0.label) }.max() ?? 0
        for row in 1..<height {
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
