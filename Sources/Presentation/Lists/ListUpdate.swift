import Domain
import Foundation
import TerminalUI

/// The one place a list's state changes: the state and an event in, the new state and the
/// effects to run out (the Elm architecture's `update`, Bubble Tea's `Update`). Pure: it starts
/// nothing; the list's view model runs the effects.
public enum ListUpdate {
    /// - Returns: The new state, and what to do.
    public static func update<Row>(_ state: ListState<Row>, _ event: ListEvent<Row>) -> (ListState<Row>, [ListEffect]) {
        var state = state
        var effects: [ListEffect]
        switch event {
        case .key(let key): effects = handle(key, in: &state)
        case .wheel(let delta):
            state.rowNumber = RowNumberEntry()
            effects = move(by: delta, in: &state)
        case .click(let line, let column, let double):
            effects = click(line: line, column: column, double: double, in: &state)
        default:
            effects = []
            apply(event, to: &state)
        }
        state.scrollToSelection(rows: state.viewport.rows)
        // Rows, more pages or a new size count as a move: the user's view may now be near the end.
        var didMove = effects.contains(moved)
        switch event {
        case .loaded, .morePages, .resized: didMove = true
        default: break
        }
        effects.removeAll { $0 == moved }
        if didMove, state.paging != .complete, let row = state.selectedRow {
            // Where the user looks, for a list that fetches its next page in time.
            effects.insert(.viewed(row: row, rowsOnScreen: state.listHeight(rows: state.viewport.rows)), at: 0)
        }
        return (state, effects)
    }

    /// Marks a move of the selection while the effects are gathered.
    private static let moved = ListEffect.viewed(row: -1, rowsOnScreen: 0)

    /// What the list's load says.
    private static func apply<Row>(_ event: ListEvent<Row>, to state: inout ListState<Row>) {
        let nothing = ListState<Row>.listsVideos ? "No music videos found" : "Nothing found"
        switch event {
        case .loading(let loading):
            if loading != .idle {
                state.failure = nil
                state.message = nil
            }
            if loading == .nextPage, case .more = state.paging { state.paging = .loadingMore(selectsNew: false) }
            state.loading = loading
        case .loaded(let rows, let firstNumber):
            let selectsNew = state.paging == .loadingMore(selectsNew: true)
            if case .loadingMore = state.paging { state.paging = .more }
            state.setRows(rows, firstNumber: firstNumber, selectsNew: selectsNew)
        case .title(let title): state.title = TerminalSanitizer.sanitize(title)
        case .morePages(let more):
            if !more {
                state.paging = .complete
            } else if state.paging == .complete {
                state.paging = .more
            }
        case .failed(let message):
            if state.rows.isEmpty {
                state.emptyMessage =
                    ListState<Row>.listsVideos ? "Could not load the results" : "Could not load the list"
            }
            state.failure = ListFailure(movesOn: state.paging == .loadingMore(selectsNew: true))
            if case .loadingMore = state.paging { state.paging = .more }
            state.message = message
        case .nothingFound(let message):
            if state.rows.isEmpty { state.emptyMessage = nothing }
            state.paging = .complete
            state.message = message
        case .cancelled:
            if case .loadingMore = state.paging { state.paging = .more }
            state.loading = .idle
            if state.rows.isEmpty { state.emptyMessage = "Cancelled" }
        case .resized(let viewport): state.viewport = viewport
        case .pictureLoaded: state.picturesLoaded &+= 1
        case .picking(let picking): state.isPicking = picking
        case .key, .wheel, .click: break
        }
    }

    private static func handle<Row>(_ key: Key, in state: inout ListState<Row>) -> [ListEffect] {
        if state.isEditingFilter { return filterKey(key, in: &state) }
        // A row's number starts with a digit: other keys go straight to the bindings while none is typed.
        let numbers = !state.rows.isEmpty && (!state.rowNumber.digits.isEmpty || RowNumberEntry.starts(with: key))
        switch numbers ? state.rowNumber.handle(key) : .passed {
        case .open(let number):
            guard let index = state.select(number: number) else {
                let last = state.firstNumber + state.rows.count - 1
                return [.report("there is no row \(number) — the rows shown are \(state.firstNumber)–\(last)")]
            }
            return [.open(row: index)]
        case .handled: return []
        case .passed: break
        }
        guard let binding = ListKeys.binding(for: key, in: state) else { return [.passed] }
        return perform(binding.action, in: &state)
    }

    private static func filterKey<Row>(_ key: Key, in state: inout ListState<Row>) -> [ListEffect] {
        switch key {
        case .enter where state.isPicking && ListState<Row>.listsVideos:
            // The picker prints at once, as fzf's Enter does; elsewhere Enter keeps the filter.
            state.finishFilter()
            return [.pick]
        case .enter: state.finishFilter()
        case .escape: state.clearFilter()
        case .tab where state.isPicking && ListState<Row>.listsVideos:
            if state.toggleMark() { return move(by: 1, in: &state) }
        case .up, .control("p"), .control("k"): return move(by: -1, in: &state)
        case .down, .control("n"), .control("j"): return move(by: 1, in: &state)
        default: return state.editFilter(key) ? [] : [.passed]
        }
        return []
    }

    private static func perform<Row>(_ action: ListAction, in state: inout ListState<Row>) -> [ListEffect] {
        let row = state.selectedRow
        let video = state.selectedVideo
        switch action {
        case .move(let delta): return move(by: delta, in: &state)
        case .movePage(let direction):
            return move(by: direction * state.listHeight(rows: state.viewport.rows), in: &state)
        case .first:
            state.selectFirst()
            return [moved]
        case .last:
            state.selectLast()
            return [moved]
        case .open, .details: return row.map { [.open(row: $0)] } ?? []
        case .pick: return [.pick]
        case .mark(let then):
            return state.toggleMark() ? move(by: then, in: &state) : []
        case .filter: state.startFilter()
        case .clearFilter: state.clearFilter()
        case .retry:
            state.paging = state.failure?.movesOn == true ? .loadingMore(selectsNew: true) : state.paging
            state.failure = nil
            return [.retry]
        case .video(let request): return video.map { [.ask(request, $0)] } ?? []
        case .artist:
            guard let row, let video else { return [] }
            return [.showArtist(row: row, video)]
        case .related:
            guard let row, let video else { return [] }
            return [.showRelated(row: row, video)]
        case .openPage:
            guard let row, let video else { return [] }
            return [.openPage(row: row, video)]
        case .preview:
            let columns = state.viewport.columns
            state.showsPreview = !state.isPreviewShown(columns: columns)
            if state.showsPreview == true, !state.isPreviewShown(columns: columns) {
                return [.report("no room for the pane at \(columns) columns")]
            }
        case .sort: state.cycleOrder()
        case .session, .chart: return [.passed]
        }
        return []
    }

    /// Moves the selection; past the last row, when more rows follow, asks for them.
    private static func move<Row>(by delta: Int, in state: inout ListState<Row>) -> [ListEffect] {
        guard state.moveSelection(by: delta) else { return [moved] }
        state.paging = .loadingMore(selectsNew: true)
        return [moved, .loadNextPage]
    }

    /// A click on a row selects it; a double click then does what Enter does there.
    private static func click<Row>(line: Int, column: Int, double: Bool, in state: inout ListState<Row>)
        -> [ListEffect]
    {
        guard column < state.split(columns: state.viewport.columns).list,
            let position = state.visiblePosition(atLine: line, rows: state.viewport.rows)
        else { return [.passed] }
        state.rowNumber = RowNumberEntry()
        state.selection = position
        state.clampSelection()
        guard double else { return [moved] }
        if state.isEditingFilter { state.finishFilter() }  // the filter kept, as Enter keeps it
        return [moved] + handle(.enter, in: &state)
    }
}
