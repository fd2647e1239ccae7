import Domain
import Foundation
import Reactive
import TerminalUI

/// Every list of the full-screen session — search results, an artist's videos, a chart, artists:
/// it draws its view model's `ListState` (with the pane and its artwork beside a list of videos;
/// `+Render`), gives the session its view model as the screen's key input, passes the mouse and
/// the size to it as events, and hands what the view model asks of the session to its host. It
/// keeps no state of its own.
@MainActor
public final class FullScreenListView<Row: ListRowDescribing>: FullScreenView {
    /// The list's view model.
    public let viewModel: ListScreenViewModel<Row>
    private var subscriptions = Set<AnyCancellable>()
    public weak var host: (any FullScreenHost)? {
        didSet { if let host, host.isPicking != state.isPicking { viewModel.send(.picking(host.isPicking)) } }
    }
    /// Set while the session lays the screen out: the size it says asks for no second frame.
    private var isLayingOut = false

    /// - Parameter viewModel: The list's view model.
    public init(viewModel: ListScreenViewModel<Row>) {
        self.viewModel = viewModel
        viewModel.state
            .sink { [weak self] _ in
                guard let self, !isLayingOut else { return }
                host?.setNeedsDisplay()
            }
            .store(in: &subscriptions)
        viewModel.events
            .sink { [weak self] event in self?.forward(event) }
            .store(in: &subscriptions)
    }

    /// The list as it is now.
    public var state: ListState<Row> { viewModel.current }

    private func forward(_ event: ListScreenEvent) {
        switch event {
        case .report(let notice): host?.report(notice)
        case .ask(let request, let video): host?.didAsk(request, about: video)
        case .pick(let rows): host?.didPick(rows)
        case .perform(let work): host?.perform(work)
        }
    }

    /// Starts the list's first load (a view-model input that awaits its request) through the host.
    public func load(_ work: @escaping @MainActor () async -> Void) {
        viewModel.load(work)
    }

    // MARK: FullScreenView

    public func render(columns: Int, rows: Int) -> Frame {
        var frame = Self.frame(of: state, columns: columns, rows: rows)
        if let picture = viewModel.heldPicture, let slot = state.artworkSlot(columns: columns, rows: rows)?.slot,
            let image = picture.image(at: slot)
        {
            frame.add(image)
        }
        return frame
    }

    public func resize(columns: Int, rows: Int) {
        let viewport = ListViewport(columns: columns, rows: rows)
        guard viewport != state.viewport else { return }  // asked before every frame: news only when it changed
        isLayingOut = true
        viewModel.send(.resized(viewport))
        isLayingOut = false
    }

    public var keyHints: [KeyHint] {
        let hints = withMarksBelow(ListKeys.hints(for: state))
        // While a number is typed its Esc cancels the number, as the entry's own hints say.
        guard state.isPicking, state.filter == nil, state.rowNumber.keyHints == nil else { return hints }
        // The picker's first list: Esc ends the pick; on a list above it, goes back — asking
        // first, either way, when rows are marked here.
        let quits = host?.escapeQuits == true
        guard quits || !state.marks.isEmpty else { return hints }
        let leaves = quits ? "quit" : "back"
        let esc = KeyHint("Esc", state.marks.isEmpty ? leaves : "drop marks, " + leaves, essential: true)
        return hints.map { $0.key == "Esc" ? esc : $0 }
    }

    /// In the picker, the rows marked on the lists below count too: Enter writes them with this
    /// list's (`2 marked · Enter print marked` over an artist's list with none marked yet).
    private func withMarksBelow(_ hints: [KeyHint]) -> [KeyHint] {
        let below = host?.markedBelow ?? 0
        guard state.isPicking, below > 0, state.rowNumber.keyHints == nil, !state.isEditingFilter else { return hints }
        let total = KeyHint("\(state.marks.count + below) marked", "", essential: true)
        let counted = hints.contains { $0.key.hasSuffix(" marked") }
        let marked = counted ? hints.map { $0.key.hasSuffix(" marked") ? total : $0 } : [total] + hints
        return marked.map {
            $0.key == "Enter" && $0.label == "print" ? KeyHint("Enter", "print marked", essential: true) : $0
        }
    }

    public var help: [(key: String, action: String)] {
        let help = ListKeys.help(for: state)
        guard host?.escapeQuits == true else { return help }
        // The picker's first list: no screen behind it, so the keys that go back end the pick.
        return help.map { $0.key == "Esc ← b" ? ($0.key, "quit printing nothing (status 130)") : $0 }
    }

    public var message: String? { state.message }

    public var activity: String? {
        guard state.loading != .idle else { return nil }
        guard let first = state.title.first else { return "Loading the list" }
        let more = state.loading == .firstPage ? "Loading " : "Loading more "
        return more + first.lowercased() + state.title.dropFirst()
    }

    /// A list's keys go to its view model: each is an event of the list's update.
    public var keyInput: any KeyInput { viewModel }

    public var capturesText: Bool { state.isEditingFilter }

    public var isEmpty: Bool { state.rows.isEmpty }

    public var markedRows: PickedRows? {
        state.isPicking && ListState<Row>.listsVideos && !state.marks.isEmpty ? PickedRows(state.pickedRows) : nil
    }

    public var markedVideos: [MusicVideo] {
        state.marks.isEmpty ? [] : state.pickedRows.compactMap { ($0 as? any MusicVideoRow)?.musicVideo }
    }

    public func pickedRow(of video: MusicVideo) -> PickedRows? {
        guard state.isPicking,
            let row = state.rows.first(where: { ($0 as? any MusicVideoRow)?.musicVideo?.id == video.id })
        else { return nil }
        return PickedRows([row])
    }

    public func handle(_ mouse: MouseEvent) -> Bool {
        if let delta = FullScreenMouse.wheelDelta(of: mouse) { return viewModel.send(.wheel(delta)) }
        guard FullScreenMouse.isClick(mouse) else { return false }
        return viewModel.send(.click(line: mouse.row, column: mouse.column, double: mouse.isDoubleClick))
    }

    public func cancelRequest() -> Bool {
        viewModel.cancel()
    }

    public func didReappear() {}
}

extension FullScreenListView {
    /// A list answered by one request (a chart, artists), with its own view model.
    /// - Parameters:
    ///   - viewModel: The list.
    ///   - hints: How advice in messages is worded here.
    ///   - isPicking: Enter picks and Tab marks (`--pick`), on a list of videos.
    public convenience init<ViewModel: NumberedListOutput<Row> & NumberedListInput>(
        viewModel: ViewModel, hints: any HintPhrasing, isPicking: Bool = false
    ) {
        self.init(
            viewModel: ListScreenViewModel(
                source: ListDataSource(viewModel, hints: hints), title: "", isPicking: isPicking))
    }
}

extension FullScreenListView where Row == MusicVideosListItemViewModel {
    /// Search results or an artist's videos.
    /// - Parameters:
    ///   - viewModel: A list that keeps its loaded pages.
    ///   - title: The heading until the list says what it holds.
    ///   - hints: How advice in messages is worded here.
    ///   - isPicking: Enter picks and Tab marks (`--pick`).
    ///   - artwork: Fetches the pane's artwork; `nil` where no pictures are shown.
    public convenience init(
        viewModel: any MusicVideosListViewModel, title: String, hints: any HintPhrasing, isPicking: Bool = false,
        artwork: ArtworkLoader? = nil
    ) {
        self.init(
            viewModel: ListScreenViewModel(
                source: ListDataSource(videos: viewModel, hints: hints), title: title, isPicking: isPicking,
                artwork: artwork))
    }
}
