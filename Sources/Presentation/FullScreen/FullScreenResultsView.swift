import Domain
import Foundation
import Reactive
import TerminalUI

/// The results screen of the full-screen session: a list with a highlighted selection that
/// grows a page at a time as the user scrolls (the view model fetches the next page once the
/// selection is within a screen of the last row, or when the user moves past it), a filter, and
/// the selected row's details beside it on a wide terminal.
@MainActor
public final class FullScreenResultsView: FullScreenView {
    private let viewModel: any MusicVideosListViewModel
    private let hints: any HintPhrasing
    private var subscriptions = Set<AnyCancellable>()
    public weak var host: (any FullScreenHost)?
    /// The list's height at the last drawing, for paging by a screenful (and the mouse).
    var pageHeight = 10
    /// What the rows shown are; the first page's offset numbers them.
    private var source: MusicVideosListSource?
    /// The last kind of load started: a next page adds rows, anything else replaces them.
    private var lastLoad = ListLoading.firstPage
    /// The last load failed: `r` tries it again.
    private var canRetry = false
    /// It failed after the user moved past the last row: its rows, when they come, are selected.
    private var retryMovesOn = false
    /// Why the last load failed, or that it found nothing: shown until the next load starts.
    public private(set) var message: String? {
        didSet { if message != oldValue { host?.setNeedsDisplay() } }
    }
    /// The body's width at the last drawing, for `p` (and the mouse).
    var width = 80
    /// Fetches and keeps the artwork the preview shows; `nil` where the terminal shows no pictures.
    public var artwork: ArtworkLoader?

    public internal(set) var state = ResultsViewState() {
        didSet { if state != oldValue { host?.setNeedsDisplay() } }
    }

    /// - Parameters:
    ///   - viewModel: A list that keeps its loaded pages.
    ///   - title: The heading until the list says what it holds.
    ///   - hints: How advice in messages is worded here.
    public init(viewModel: any MusicVideosListViewModel, title: String, hints: any HintPhrasing) {
        self.viewModel = viewModel
        self.hints = hints
        state.title = TerminalSanitizer.sanitize(title)
        bind()
    }

    private func bind() {
        viewModel.loading
            .sink { [weak self] loading in
                guard let self else { return }
                if loading != .idle {
                    lastLoad = loading
                    canRetry = false
                    message = nil
                }
                state.loading = loading
            }
            .store(in: &subscriptions)
        viewModel.hasNextPage
            .sink { [weak self] hasNext in self?.state.hasNextPage = hasNext }
            .store(in: &subscriptions)
        viewModel.source
            .sink { [weak self] source in
                guard let self, let source else { return }
                if lastLoad != .nextPage { self.source = source }
                state.title = Self.title(for: source)
            }
            .store(in: &subscriptions)
        viewModel.items
            .sink { [weak self] items in self?.show(items) }
            .store(in: &subscriptions)
        viewModel.noResults
            .sink { [weak self] message in self?.showNothingFound(message) }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in
                guard let self else { return }
                let message = CatalogErrorMessage.message(for: error).text(phrasing: hints)
                if state.rows.isEmpty { state.emptyMessage = "Could not load the results" }
                retryMovesOn = state.selectsNextPage
                state.selectsNextPage = false
                canRetry = true
                self.message = message
            }
            .store(in: &subscriptions)
        viewModel.notice
            .sink { [weak self] notice in self?.host?.report(notice) }
            .store(in: &subscriptions)
    }

    /// The list's rows: a first page replaces what is shown (numbered from its offset), the
    /// next page arrives as the whole list with its rows added (asked for past the last row, or
    /// fetched in the background, the selection staying where it is).
    private func show(_ items: [MusicVideosListItemViewModel]) {
        let extendsRows =
            !state.rows.isEmpty && items.count > state.rows.count
            && zip(state.rows, items).allSatisfy { $0.video.id == $1.video.id }
        if lastLoad == .nextPage || extendsRows {
            state.setRows(items)
        } else if case .search(let query)? = source {
            state.setRows(items, firstNumber: query.offset + 1)
        } else {
            state.setRows(items, firstNumber: 1)
        }
        reportViewport()
    }

    /// Tells the view model where the selection is, so it can fetch the next page in time.
    func reportViewport() {
        guard let row = state.selectedRow else { return }
        viewModel.didView(rowAt: row, rowsOnScreen: pageHeight)
    }

    /// Whether the screen has no rows (its first load failed, found nothing, or was cancelled).
    public var isEmpty: Bool { state.rows.isEmpty }

    /// Starts the first load (a view-model input that awaits its request) through the host, so
    /// that Ctrl-C can cancel it. The first frame already says it searches: never "No music
    /// videos" before the search has run.
    public func load(_ work: @escaping @MainActor () async -> Void) {
        state.loading = .firstPage
        host?.perform(work)
    }

    private func showNothingFound(_ message: UserMessage) {
        if state.rows.isEmpty { state.emptyMessage = "No music videos found" }
        state.hasNextPage = false
        state.selectsNextPage = false
        self.message = message.text(phrasing: hints)
    }

    private static func title(for source: MusicVideosListSource) -> String {
        switch source {
        case .search(let query): "Music videos for \"\(TerminalSanitizer.sanitize(query.term))\""
        case .artist(let query):
            "Music videos by " + (query.artistName.map(TerminalSanitizer.sanitize) ?? "artist \(query.artistID)")
        }
    }

    // MARK: FullScreenView

    public func render(columns: Int, rows: Int) -> Frame {
        pageHeight = state.listHeight(rows: rows)
        width = columns
        state.scrollToSelection(rows: rows)
        var frame = state.render(columns: columns, rows: rows)
        if let artwork {
            let wanted = state.artworkSlot(columns: columns, rows: rows)
            let picture = artwork.picture(for: wanted.map { .init(url: $0.url, pixelSize: $0.slot.pixelSize) })
            if let wanted, let image = picture?.image(at: wanted.slot) { frame.add(image) }
        }
        return frame
    }

    public var keyHints: [KeyHint] {
        let count =
            state.filter == nil ? [] : [KeyHint("\(state.visible.count)/\(state.rows.count)", "", essential: true)]
        if state.isEditingFilter {
            return count + [
                KeyHint("type", "to filter", short: "filter"), KeyHint("Enter", "keep"),
                KeyHint("Esc", "clear", essential: true), KeyHint("F1", "help", essential: true),
            ]
        }
        if let hints = state.rowNumber.keyHints { return hints }
        let retry = canRetry ? [KeyHint.retry] : []
        if state.rows.isEmpty { return retry + [KeyHint("s", "search")] + KeyHint.leave }
        let preview =
            width >= ResultsViewState.previewMinimumColumns
            ? [KeyHint("v", state.isPreviewShown(columns: width) ? "hide preview" : "preview", short: "prev")] : []
        let open =
            isPicking
            ? PickerKeys.hints(marked: state.marks.count) + [KeyHint("→", "details", short: "det")]
            : [KeyHint("Enter", "details", short: "det")]
        return count + open + sortHints + retry + [
            KeyHint("↑/↓", "select", short: "sel"),
            KeyHint("/", "filter"), KeyHint("p", "play"), KeyHint("a", "artist"), KeyHint("o", "open"),
        ] + preview + [KeyHint("S", "sort"), KeyHint("s", "search")] + KeyHint.leave
    }

    /// Sorted while more pages wait: only the rows loaded are in order, which the status line says.
    private var sortHints: [KeyHint] {
        guard state.order != nil, state.hasNextPage else { return [] }
        return [KeyHint("sorted \(state.rows.count) loaded of more", "", short: nil)]
    }

    private var isPicking: Bool { host?.isPicking ?? false }

    public var markedRows: PickedRows? {
        isPicking && !state.marks.isEmpty ? PickedRows(state.pickedRows) : nil
    }

    public var activity: String? {
        switch state.loading {
        case .idle: nil
        case .firstPage: "Loading " + Self.lowercasedFirst(state.title)
        case .nextPage, .previousPage: "Loading more " + Self.lowercasedFirst(state.title)
        }
    }

    /// `Music videos for "x"` → `music videos for "x"`.
    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    public var capturesText: Bool { state.isEditingFilter }

    public var help: [(key: String, action: String)] {
        isPicking ? PickerKeys.help(replacing: listHelp) : listHelp
    }

    private var listHelp: [(key: String, action: String)] {
        [
            ("↑ ↓  k j", "select the row above / below"),
            ("PgUp PgDn", "a screenful up / down"),
            ("Home End  g G", "the first / last row"),
            ("past the last row", "loads the next page"),
            ("Enter →", "the selected video's details"),
            ("digits, Enter", "open the row with that number"),
            ("/", "filter the rows loaded (Enter keeps, Esc clears)"),
            ("S", "sort the rows loaded by year, title, artist, duration, price, then as found"),
            ("v", "show or hide the preview (details, artwork) beside the list"),
            ("a", "the selected video's artist's videos"),
            ("o", "open the selected video's page in the browser"),
        ] + VideoRequest.help + [
            ("s", "a new search"),
            ("Esc ← b", "back to the search"),
            ("r", "try a failed load again"),
            ("Ctrl-C", "cancel a request in flight"),
            ("q", "quit"),
        ]
    }

    public func handle(_ key: Key) -> Bool {
        if state.isEditingFilter { return handleFilterKey(key) }
        switch state.rowNumber.handle(key) {
        case .open(let number): open(number: number)
        case .handled: break
        case .passed:
            guard handleListKey(key) else { return false }
            reportViewport()
        }
        return true
    }

    private func handleListKey(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): _ = state.moveSelection(by: -1)
        case .down, .character("j"): move(by: 1)
        case .pageUp: _ = state.moveSelection(by: -pageHeight)
        case .pageDown: move(by: pageHeight)
        case .home, .character("g"): state.selectFirst()
        case .end, .character("G"): state.selectLast()
        case .enter where isPicking:
            PickerKeys.pick(state.pickedRows, on: host)
        case .tab where isPicking:
            if state.toggleMark() { move(by: 1) }
        case .backTab where isPicking:
            if state.toggleMark() { _ = state.moveSelection(by: -1) }
        case .character("S") where !state.rows.isEmpty: state.cycleOrder()
        case .enter, .right: openSelected()
        case .character("/"): state.startFilter()
        case .character("v") where state.selectedRow != nil:
            state.showsPreview = !state.isPreviewShown(columns: width)
            if state.showsPreview == true, !state.isPreviewShown(columns: width) {
                host?.report("no room for the preview at \(width) columns")
            }
        case .escape where state.filter != nil: state.clearFilter()
        case .character("a"):
            if let row = state.selectedRow { viewModel.didShowArtistVideos(ofItemAt: row) }
        case .character("o"):
            if let row = state.selectedRow { viewModel.didOpenItemInBrowser(at: row) }
        case .character("r") where canRetry && state.loading == .idle:
            canRetry = false
            state.selectsNextPage = retryMovesOn
            let viewModel = viewModel
            host?.perform { await viewModel.didRetry() }
        default:
            guard let request = VideoRequest(key: key) else { return false }
            if let row = state.selectedRow { host?.didAsk(request, about: state.rows[row].video) }
        }
        return true
    }

    private func handleFilterKey(_ key: Key) -> Bool {
        switch key {
        case .enter: state.finishFilter()
        case .escape: state.clearFilter()
        case .tab where isPicking:
            if state.toggleMark() { _ = state.moveSelection(by: 1) }
        case .up: _ = state.moveSelection(by: -1)
        case .down: _ = state.moveSelection(by: 1)
        default: return state.editFilter(key)
        }
        return true
    }

    /// Opens the row with this number, or says there is none.
    private func open(number: Int) {
        if let index = state.select(number: number) {
            viewModel.didSelectItem(at: index)
        } else {
            let last = state.firstNumber + state.rows.count - 1
            host?.report("there is no row \(number) — the rows shown are \(state.firstNumber)–\(last)")
        }
    }

    func move(by delta: Int) {
        guard state.moveSelection(by: delta) else { return }
        state.selectsNextPage = true
        let viewModel = viewModel
        host?.perform { await viewModel.didLoadNextPage() }
    }

    func openSelected() {
        if let row = state.selectedRow { viewModel.didSelectItem(at: row) }
    }

    public func cancelRequest() -> Bool {
        guard state.loading != .idle else {
            viewModel.didCancel()  // a page being fetched in the background, unseen
            return false
        }
        state.selectsNextPage = false
        viewModel.didCancel()
        state.loading = .idle
        if state.rows.isEmpty { state.emptyMessage = "Cancelled" }
        return true
    }

    public func didReappear() {}
}
