import Domain
import Foundation
import TerminalUI

/// Everything a full-screen list shows — search results, a chart, an artist's videos, artists —
/// in one value: the rows loaded (numbers continue across pages), the selection, the one filter,
/// the one kind of marks, the one sort, what is loading and what failed. `ListUpdate` is the
/// only place it changes; `render` draws it as a pure function of it and the size.
public struct ListState<Row: ListRowDescribing>: Equatable, Sendable {
    /// From this width the selected video's details show beside the list, when the list keeps
    /// the room its columns need (or the user asked for them with `v`).
    public static var previewMinimumColumns: Int { 110 }
    /// The narrowest the preview is drawn.
    public static var previewMinimumWidth: Int { 36 }

    /// Sanitised: the view model's title, or what the coordinator called the list.
    public var title: String
    /// What Enter opens on a row, for the keys the screen names (`details`, `videos`).
    public var choice = "details"
    public private(set) var rows: [Row] = []
    /// The number of `rows[0]` (an `--offset` search starts past 1).
    public private(set) var firstNumber = 1
    /// The width the list's columns need whole, measured when the rows change.
    public private(set) var listNaturalWidth = 0
    /// Indices into `rows` shown: in the list's order, or best match first while filtering.
    public private(set) var visible: [Int] = []
    /// Index into `visible`.
    public internal(set) var selection = 0
    /// The first visible row shown (index into `visible`), kept in view by `ListUpdate`.
    public internal(set) var top = 0
    /// The `/` filter, when one is set.
    public internal(set) var filter: RowFilter?
    /// A row's number being typed, to open that row.
    public var rowNumber = RowNumberEntry()
    public var loading = ListLoading.idle
    /// How the list grows: whether more rows follow, and whether they are on their way.
    public var paging = ListPaging.complete
    /// The last load failed: `r` tries it again (and, after a move past the last row, moves on).
    public var failure: ListFailure?
    /// Shown instead of rows when there are none (nothing found, the load failed or was cancelled).
    public var emptyMessage: String?
    /// What the user should know about the list (why its last load failed, that nothing was
    /// found), until the next load starts.
    public var message: String?
    /// The user's choice about the preview (`v`); `nil` until they make one: shown when it fits.
    public var showsPreview: Bool?
    /// The rows marked in the picker (Tab), by index into `rows`, kept while a filter hides them.
    public internal(set) var marks = RowMarks<Int>()
    /// The order the rows are shown in (`S`); `nil` for the service's.
    public internal(set) var order: MusicVideoOrder.Key?
    /// Whether Enter picks and Tab marks (`--pick`, on a list of videos).
    public var isPicking = false
    /// The body's size at the last resize: how far PgUp/PgDn move, and whether the preview fits.
    public var viewport = ListViewport()
    /// Counts the pictures arrived, so that one arriving is a change of state (a new frame).
    public var picturesLoaded = 0

    /// - Parameter title: The heading until the list says what it holds.
    public init(title: String = "Music videos") {
        self.title = TerminalSanitizer.sanitize(title)
    }

    /// Whether the rows stand for music videos: `p`, `y`, `Y`, `a`, `o`, `S`, `v` act on them.
    public static var listsVideos: Bool { Row.self is any MusicVideoRow.Type }

    /// The row selected, as an index into `rows`.
    public var selectedRow: Int? { visible.indices.contains(selection) ? visible[selection] : nil }

    /// The video of the row at `index`, when the rows are videos.
    public func video(at index: Int?) -> MusicVideo? {
        guard let index, rows.indices.contains(index) else { return nil }
        return (rows[index] as? any MusicVideoRow)?.musicVideo
    }

    /// The selected row's video, when the rows are videos.
    public var selectedVideo: MusicVideo? { video(at: selectedRow) }

    /// Whether moving past the last row loads more: not while filtering, not while loading.
    public var canLoadMore: Bool { paging == .more && loading == .idle && filter == nil && !rows.isEmpty }

    /// Whether letters typed now go into the filter.
    public var isEditingFilter: Bool { filter?.isEditing == true }

    // MARK: Rows

    /// The rows of the list. Rows that extend those shown (the next page) go below them, the
    /// selection staying put — or moving onto the first new row when the user asked for them by
    /// moving past the last; any other rows replace the list, the selection back on the first.
    public mutating func setRows(_ newRows: [Row], firstNumber: Int? = nil, selectsNew: Bool = false) {
        let previousCount = rows.count
        let kept = selectedRow
        let extends =
            newRows.count >= rows.count && Array(newRows.prefix(rows.count)) == rows
            && (firstNumber == nil || firstNumber == self.firstNumber)
        if !extends { marks = RowMarks() }
        rows = newRows
        if let firstNumber { self.firstNumber = firstNumber }
        measureList()
        refilter()
        if extends, selectsNew, order == nil, newRows.count > previousCount,
            let index = visible.firstIndex(of: previousCount)
        {
            selection = index
        } else if extends, let kept, let index = visible.firstIndex(of: kept) {
            selection = index
        } else if !extends {
            selection = 0
            top = 0
        }
        clampSelection()
    }

    // MARK: Selection

    /// Moves the selection by `delta` rows.
    /// - Returns: `true` when the move went past the last row and a next page can be loaded.
    @discardableResult
    public mutating func moveSelection(by delta: Int) -> Bool {
        let wantsMore = delta > 0 && selection + delta > visible.count - 1
        selection += delta
        clampSelection()
        return wantsMore && canLoadMore
    }

    /// Home: the first row.
    public mutating func selectFirst() {
        selection = 0
        clampSelection()
    }

    /// End: the last row.
    public mutating func selectLast() {
        selection = visible.count - 1
        clampSelection()
    }

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

    mutating func clampSelection() {
        selection = max(0, min(selection, visible.count - 1))
    }

    // MARK: Filter

    /// `/`: keys go into the filter (a kept one is edited again).
    public mutating func startFilter() {
        if filter == nil { filter = RowFilter() }
        filter?.isEditing = true
        refilter()
    }

    /// Applies a key to the filter being typed: the rows that match, best first, the best selected.
    /// - Returns: `false` when the key does not edit text.
    public mutating func editFilter(_ key: Key) -> Bool {
        guard filter?.edit(key) == true else { return false }
        refilter()
        selection = 0  // the best match, as in fzf
        top = 0
        clampSelection()
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
        refilter()
        selection = kept.flatMap { visible.firstIndex(of: $0) } ?? 0
        clampSelection()
    }

    /// The characters the filter matched, by index into `rows`, per table column.
    public var matches: [Int: [[Int]]] { filter?.matches ?? [:] }

    /// Every row in the list's order: the service's, or the one chosen with `S` (ties, and rows
    /// without the value last, keep the service's order).
    public var listOrder: [Int] {
        guard let order, Self.listsVideos else { return Array(rows.indices) }
        let videos = rows.indices.compactMap { index in video(at: index).map { (index, $0) } }
        return MusicVideoOrder(order).sorted(videos) { $0.1 }.map(\.0)
    }

    mutating func refilter() {
        // A video is found by its title and artist (not its year or price); other rows by every column.
        let columns = Self.listsVideos ? Array(Row.tableColumns.prefix(2)) : Row.tableColumns
        filter?.apply(to: rows.map { row in columns.map { $0.value(row) } })
        guard let filter, !filter.text.isEmpty else {
            visible = listOrder
            return
        }
        // Sorted, the rows that match keep the order chosen; else the best match comes first.
        visible = order == nil ? filter.order : listOrder.filter { filter.matches[$0] != nil }
    }

    private mutating func measureList() {
        listNaturalWidth = TableLines.naturalWidth(of: rows, largestNumber: firstNumber + rows.count - 1)
    }

    // MARK: Marks and order

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
        marks.picked(from: listOrder, id: { $0 }, selected: selectedRow).map { rows[$0] }
    }

    /// `S`: the next order (year, title, artist, duration, price, then the service's again), the
    /// selection staying on the same row.
    public mutating func cycleOrder() {
        let keys = MusicVideoOrder.Key.allCases
        if let order, let index = keys.firstIndex(of: order) {
            let next = keys.index(after: index)
            self.order = next < keys.endIndex ? keys[next] : nil
        } else {
            order = keys.first
        }
        let kept = selectedRow
        refilter()
        selection = kept.flatMap { visible.firstIndex(of: $0) } ?? 0
    }
}

/// How a list grows past its last row.
public enum ListPaging: Equatable, Sendable {
    /// Every row is here.
    case complete
    /// More rows follow: moving past the last row (or, prefetched, nearing it) asks for them.
    case more
    /// The next page is on its way; `selectsNew` when the user moved past the last row for it.
    case loadingMore(selectsNew: Bool)
}

/// A load that failed, for `r`.
public struct ListFailure: Equatable, Sendable {
    /// It was the next page the user moved past the last row for: its rows are selected.
    public var movesOn: Bool

    public init(movesOn: Bool = false) {
        self.movesOn = movesOn
    }
}

/// The body's size, as the last resize reported it.
public struct ListViewport: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int = 80, rows: Int = 22) {
        self.columns = columns
        self.rows = rows
    }
}
