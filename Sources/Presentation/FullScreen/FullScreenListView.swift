import Domain
import Foundation
import Reactive
import TerminalUI

/// The full-screen session's list of any numbered rows (artists found for a term): the rows in
/// the columns they describe under the view model's title, a highlighted selection, and Enter
/// (or a row's number and Enter) to open the row — what the view model's `choice` names.
@MainActor
public final class FullScreenListView<Row: ListRowDescribing>: FullScreenView {
    let select: @MainActor (Int) -> Void
    private let choice: String
    private let hints: any HintPhrasing
    private var subscriptions = Set<AnyCancellable>()
    private var loadTask: Task<Void, Never>?
    public weak var host: (any FullScreenHost)?
    /// The list's height at the last drawing, for paging by a screenful (and the mouse).
    var pageHeight = 10

    /// Set while drawing: scrolling to the selection then asks for no new frame.
    private var isDrawing = false
    /// The load, kept so that `r` can try it again after a failure.
    private var work: (@MainActor () async -> Void)?
    private var canRetry = false
    /// Why the load failed, or that it found nothing: shown until the next load starts.
    public private(set) var message: String? {
        didSet { if message != oldValue { host?.setNeedsDisplay() } }
    }

    public internal(set) var state: ListViewState<Row> {
        didSet { if !isDrawing, state != oldValue { host?.setNeedsDisplay() } }
    }

    /// - Parameters:
    ///   - viewModel: The list.
    ///   - hints: How advice in messages is worded here.
    public init<ViewModel: NumberedListOutput<Row> & NumberedListInput>(
        viewModel: ViewModel, hints: any HintPhrasing
    ) {
        select = { viewModel.didSelectItem(at: $0) }
        choice = viewModel.choice
        self.hints = hints
        state = ListViewState(title: "")
        viewModel.title
            .sink { [weak self] title in self?.state.title = TerminalSanitizer.sanitize(title) }
            .store(in: &subscriptions)
        viewModel.loading
            .sink { [weak self] loading in self?.state.loading = loading }
            .store(in: &subscriptions)
        viewModel.items
            .sink { [weak self] items in self?.state.setRows(items) }
            .store(in: &subscriptions)
        viewModel.noResults
            .sink { [weak self] message in
                guard let self else { return }
                if state.rows.isEmpty { state.emptyMessage = "Nothing found" }
                self.message = message.text(phrasing: hints)
            }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in
                guard let self else { return }
                if state.rows.isEmpty { state.emptyMessage = "Could not load the list" }
                canRetry = true
                message = CatalogErrorMessage.message(for: error).text(phrasing: hints)
            }
            .store(in: &subscriptions)
    }

    /// Starts the list's load (a view-model input that awaits its request) through the host, so
    /// that Ctrl-C can cancel it: the view model then emits nothing for it. Shows it loading at once.
    public func load(_ work: @escaping @MainActor () async -> Void) {
        state.loading = .firstPage  // until the view model says so: no "nothing" in the first frame
        self.work = work
        canRetry = false
        message = nil
        guard let host else {
            loadTask = Task { await work() }
            return
        }
        // Started from the host's work, so it runs under what the host sets for a load (the wait's
        // progress, which says why it waits); a Ctrl-C before it starts cancels that work.
        host.perform { [weak self] in
            guard !Task.isCancelled else { return }
            let task = Task { await work() }
            self?.loadTask = task
            await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// Whether the screen has no rows (its load failed, found nothing, or was cancelled).
    public var isEmpty: Bool { state.rows.isEmpty }

    // MARK: FullScreenView

    public func render(columns: Int, rows: Int) -> Frame {
        pageHeight = state.listHeight(rows: rows)
        isDrawing = true
        state.scrollToSelection(rows: rows)
        isDrawing = false
        return state.render(columns: columns, rows: rows)
    }

    public var keyHints: [KeyHint] {
        let count = state.filter.map { [KeyHint("\($0.order.count)/\(state.rows.count)", "", essential: true)] } ?? []
        if state.filter?.isEditing == true {
            return count + [
                KeyHint("type to filter", "", short: "type"), KeyHint("Enter", "keep", essential: true),
                KeyHint("Esc", "clear", essential: true),
            ]
        }
        if let hints = state.rowNumber.keyHints { return hints }
        let retry = canRetry ? [KeyHint.retry] : []
        if state.rows.isEmpty { return retry + [KeyHint("s", "search")] + KeyHint.leave }
        let open =
            picksRows
            ? PickerKeys.hints(marked: state.marks.count) + [KeyHint("→", choice, short: "det")]
            : [KeyHint("Enter", choice, short: choice.split(separator: " ").last.map(String.init))]
        return count + open + retry + [
            KeyHint("↑/↓", "select", short: "sel"), KeyHint("/", "filter"), KeyHint("s", "search"),
        ] + KeyHint.leave
    }

    public var activity: String? {
        guard state.loading != .idle else { return nil }
        guard let first = state.title.first else { return "Loading the list" }
        return "Loading " + first.lowercased() + state.title.dropFirst()
    }

    public var capturesText: Bool { state.filter?.isEditing == true }

    public var help: [(key: String, action: String)] {
        picksRows ? PickerKeys.help(replacing: listHelp) : listHelp
    }

    private var listHelp: [(key: String, action: String)] {
        [
            ("↑ ↓  k j", "select the row above / below"),
            ("PgUp PgDn", "a screenful up / down"),
            ("Home End  g G", "the first / last row"),
            ("Enter →", "the selected row's \(choice)"),
            ("digits, Enter", "the \(choice) of the row with that number"),
            ("/", "filter the rows (Enter keeps, Esc clears)"),
            ("r", "try a failed load again"),
            ("s", "a new search"),
            ("Esc ← b", "back to the search"),
            ("Ctrl-C", "cancel a request in flight"),
            ("q", "quit"),
        ]
    }

    /// Whether Enter picks a row and Tab marks one: in the picker, on a list of videos (a chart);
    /// a list of anything else (artists) leads to videos as it always does.
    private var picksRows: Bool { (host?.isPicking ?? false) && Row.self is any MusicVideoRow.Type }

    public var markedRows: PickedRows? {
        picksRows && !state.marks.isEmpty ? PickedRows(state.pickedRows) : nil
    }

    public func pickedRow(of video: MusicVideo) -> PickedRows? {
        guard picksRows, let row = state.rows.first(where: { ($0 as? any MusicVideoRow)?.musicVideo?.id == video.id })
        else { return nil }
        return PickedRows([row])
    }

    public func handle(_ key: Key) -> Bool {
        if state.filter?.isEditing == true { return handleFilterKey(key) }
        // A number chooses among rows: with none shown, digits are not the list's.
        switch state.rows.isEmpty ? .passed : state.rowNumber.handle(key) {
        case .open(let number): open(number: number)
        case .handled: break
        case .passed: return handleListKey(key)
        }
        return true
    }

    private func handleListKey(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): state.moveSelection(by: -1)
        case .down, .character("j"): state.moveSelection(by: 1)
        case .pageUp: state.moveSelection(by: -pageHeight)
        case .pageDown: state.moveSelection(by: pageHeight)
        case .home, .character("g"): state.selectFirst()
        case .end, .character("G"): state.selectLast()
        case .enter where picksRows:
            PickerKeys.pick(state.pickedRows, on: host)
        case .tab where picksRows:
            if state.toggleMark() { state.moveSelection(by: 1) }
        case .backTab where picksRows:
            if state.toggleMark() { state.moveSelection(by: -1) }
        case .enter, .right:
            if let row = state.selectedRow { select(row) }
        case .character("/") where !state.rows.isEmpty: state.startFilter()
        case .escape where state.filter != nil: state.clearFilter()
        case .character("r") where canRetry && state.loading == .idle:
            if let work { load(work) }
        default:
            // A chart's rows are videos: p, y and Y act on them.
            guard let request = VideoRequest(key: key), let row = state.selectedRow,
                let video = (state.rows[row] as? any MusicVideoRow)?.musicVideo
            else { return false }
            host?.didAsk(request, about: video)
        }
        return true
    }

    private func handleFilterKey(_ key: Key) -> Bool {
        switch key {
        case .enter: state.finishFilter()
        case .escape: state.clearFilter()
        case .tab where picksRows:
            if state.toggleMark() { state.moveSelection(by: 1) }
        case .up: state.moveSelection(by: -1)
        case .down: state.moveSelection(by: 1)
        default: return state.editFilter(key)
        }
        return true
    }

    /// Chooses the row with this number, or says there is none.
    private func open(number: Int) {
        if let index = state.select(number: number) {
            select(index)
        } else {
            host?.report("there is no row \(number) — the rows shown are 1–\(state.rows.count)")
        }
    }

    public func cancelRequest() -> Bool {
        guard state.loading != .idle else { return false }
        loadTask?.cancel()
        loadTask = nil
        state.loading = .idle
        if state.rows.isEmpty { state.emptyMessage = "Cancelled" }
        return true
    }

    public func didReappear() {}
}
