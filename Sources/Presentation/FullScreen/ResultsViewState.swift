import Domain
import Foundation
import TerminalUI

/// What the results screen shows: every row loaded so far (numbers continue across pages), the
/// selection, the filter, and what is loading. Its methods are the screen's rules; `render` draws
/// it as a pure function.
public struct ResultsViewState: Equatable, Sendable {
    /// From this width the selected row's details show beside the list.
    public static let previewMinimumColumns = 110

    public var title = "Music videos"
    public private(set) var rows: [MusicVideosListItemViewModel] = []
    /// The number of `rows[0]` (an `--offset` search starts past 1).
    public var firstNumber = 1
    /// Indices into `rows` that pass the filter: in order, or best match first while filtering.
    public private(set) var visible: [Int] = []
    /// The characters the filter matched, by index into `rows`: title's and artist's.
    public private(set) var matches: [Int: [[Int]]] = [:]
    /// Index into `visible`.
    public private(set) var selection = 0
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

    public init() {}

    /// The row selected, as an index into `rows`.
    public var selectedRow: Int? { visible.indices.contains(selection) ? visible[selection] : nil }

    /// The rows of the list: all of them, or the next page's added below (moving the selection
    /// onto the first new one when the user scrolled there).
    public mutating func setRows(_ newRows: [MusicVideosListItemViewModel], firstNumber: Int? = nil) {
        let previousCount = rows.count
        let keptSelection = selectedRow
        rows = newRows
        if let firstNumber { self.firstNumber = firstNumber }
        refilter()
        if selectsNextPage, newRows.count > previousCount, let index = visible.firstIndex(of: previousCount) {
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

    private mutating func refilter() {
        matches = [:]
        let pattern = FuzzyPattern(filter?.text ?? "")
        guard !pattern.isEmpty else {
            visible = Array(rows.indices)
            return
        }
        let ranked = pattern.rank(rows.map { [$0.title, $0.artist] })
        visible = ranked.map(\.index)
        matches = Dictionary(uniqueKeysWithValues: ranked.map { ($0.index, $0.match.positions) })
    }

    private mutating func clampSelection() {
        selection = max(0, min(selection, visible.count - 1))
    }

    // MARK: Drawing

    /// How many list rows fit in a body `rows` high.
    public func listHeight(rows: Int) -> Int {
        max(1, rows - 1 - (filter == nil ? 0 : 1))
    }

    /// Scrolls so the selection is in view; called before drawing with the body's height.
    public mutating func scrollToSelection(rows: Int) {
        let height = listHeight(rows: rows)
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        top = max(0, min(top, max(0, visible.count - height)))
    }

    /// The screen as a pure function of the state (`scrollToSelection` has placed `top`).
    public func render(columns: Int, rows height: Int) -> Frame {
        var frame = Frame(columns: columns, rows: height)
        let wide = columns >= Self.previewMinimumColumns && selectedRow != nil
        let listColumns = wide ? columns * 11 / 20 : columns
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
        let layout = RowLayout(columns: listColumns, largestNumber: firstNumber + rows.count - 1)
        let end = min(visible.count, top + listHeight(rows: height))
        if top < end {
            for position in top..<end {
                frame[row] = layout.line(
                    for: rows[visible[position]], number: firstNumber + visible[position],
                    isSelected: position == selection, matched: matches[visible[position]] ?? [])
                row += 1
            }
        }
        if loading == .nextPage, row < height {
            frame[row] = FrameLine("  Loading more…", columns: listColumns, attributes: .dim)
        } else if visible.isEmpty, row < height {
            frame[row] = FrameLine("  No row matches the filter", columns: listColumns, attributes: .dim)
        }
        if wide, let selected = selectedRow {
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

/// The columns of a list row at a given width: number, title, artist, and year and duration
/// when there is room.
struct RowLayout {
    let columns: Int
    let numberWidth: Int
    let titleWidth: Int
    let artistWidth: Int
    let showsYearAndDuration: Bool

    init(columns: Int, largestNumber: Int) {
        self.columns = columns
        numberWidth = String(largestNumber).count
        let room = columns - 2 - numberWidth - 2
        showsYearAndDuration = room >= 44
        let text = showsYearAndDuration ? room - 13 : room
        if text >= 24 {
            titleWidth = text * 3 / 5
            artistWidth = text - titleWidth - 2
        } else {
            titleWidth = max(0, text)
            artistWidth = 0
        }
    }

    func line(
        for item: MusicVideosListItemViewModel, number: Int, isSelected: Bool, matched: [[Int]] = []
    ) -> FrameLine {
        let look: CellAttributes = isSelected ? .reverse : []
        var line = FrameLine(columns: columns)
        line.append(isSelected ? "› " : "  ", look.union(.bold))
        line.append(String(number), width: numberWidth, look, alignRight: true)
        line.append("  ", look)
        line.append(item.title, width: titleWidth, look, highlighting: matched.first ?? [])
        if artistWidth > 0 {
            line.append("  ", look)
            line.append(
                item.artist, width: artistWidth, look.union(isSelected ? [] : .dim), highlighting: matched.last ?? [])
        }
        if showsYearAndDuration {
            line.append("  ", look)
            line.append(item.year, width: 4, look)
            line.append("  ", look)
            line.append(item.duration, width: 5, look, alignRight: true)
        }
        if isSelected { line.pad(to: columns, look) }
        return line
    }
}
