import Domain
import Foundation
import Presentation
import TerminalUI

/// The full-screen session's navigation: a stack of views (search → results → details →
/// artist's videos …) pushed by view-model actions and popped by Esc/←/b. It owns the keys
/// that move between screens or end the session, the status line's message, the help overlay,
/// and the requests its views start; keys come in as `Key`s, frames go out from `frame`.
@MainActor
final class FullScreenFlowCoordinator: FullScreenHost, SessionNavigation {
    /// What a key asks of the terminal session.
    enum Command: Equatable {
        case none
        /// End the session with this status.
        case exit(ExitStatus)
        /// Restore the terminal and stop (Ctrl-Z); re-enter and redraw on `fg`.
        case suspend
        /// Draw every line again (Ctrl-L).
        case redrawAll
    }

    let container: MusicVideosSceneDIContainer
    let settings: MusicVideosSearchFlowCoordinator.Settings
    private(set) var stack: [any FullScreenView] = []
    /// The last error or notice; cleared by the next key.
    private(set) var message: String?
    private var showsHelp = false
    private var spinnerTick = 0
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTaskID = 0
    /// Called when something on screen changed; the session coalesces these into one frame.
    var onNeedsDisplay: (@MainActor () -> Void)?
    /// Writes bytes to the terminal outside any frame (a copy's OSC 52); `false` when not written.
    var writeToTerminal: (@MainActor ([UInt8]) -> Bool)?

    init(container: MusicVideosSceneDIContainer, settings: MusicVideosSearchFlowCoordinator.Settings) {
        self.container = container
        self.settings = settings
    }

    /// Shows the search screen; with a term, searches for it at once.
    /// - Parameter list: A list command's list (`-i --artists jack`, `-i --top`): it goes over
    ///   the search screen instead of the music videos found.
    func start(term: String?, list: PreparedList? = nil) {
        let (searchView, viewModel) = container.makeFullScreenSearchView(
            actions: MusicVideosSearchViewModelActions(showResults: { [weak self] in self?.showResults(for: $0) }),
            term: term ?? "")
        push(searchView)
        searchView.didReappear()
        if let list {
            showList(list)
        } else if let term {
            viewModel.didSubmit(term: term)
        }
    }

    /// Whether the screen on top is loading (the spinner turns).
    var isLoading: Bool { stack.last?.activity != nil }

    /// Advances the spinner.
    func tick() {
        spinnerTick += 1
        if isLoading { setNeedsDisplay() }
    }

    /// The whole terminal as it should look now.
    func frame(columns: Int, rows: Int) -> Frame {
        guard let view = stack.last else { return Frame(columns: columns, rows: rows) }
        return FullScreenChrome.frame(
            for: view, columns: columns, rows: rows, message: message, spinnerTick: spinnerTick,
            help: showsHelp ? view.help + Self.sessionHelp : nil)
    }

    private static let sessionHelp: [(key: String, action: String)] = [
        ("?", "this help"),
        ("Ctrl-L", "draw the screen again"),
        ("Ctrl-Z", "suspend (fg to come back)"),
    ]

    // MARK: Keys

    /// Handles one key: the view on top first, then the session's own keys.
    func handle(_ key: Key) -> Command {
        if message != nil {
            message = nil
            setNeedsDisplay()
        }
        if showsHelp {
            showsHelp = false
            setNeedsDisplay()
            return .none
        }
        guard let view = stack.last else { return .exit(.success) }
        switch key {
        case .control("c"):
            guard view.cancelRequest() else { return .exit(.interrupted) }
            report("cancelled")
            if view.isEmpty { pop() }  // a first search cancelled: back to where it was asked for
            return .none
        case .control("\\"): return .exit(.quit)
        case .control("z"): return .suspend
        case .control("l"): return .redrawAll
        default: break
        }
        if view.handle(key) { return .none }
        if view is FullScreenSearchView {
            switch key {
            case .escape, .control("d"): return .exit(.success)
            case .alt(let character): report("Alt-\(character.uppercased()) does nothing here — ? lists the keys")
            default: break
            }
            return .none
        }
        switch key {
        case .character("q"): return .exit(.success)
        case .escape, .left, .character("b"): pop()
        case .character("s"): popToSearch()
        case .character("?"):
            showsHelp = true
            setNeedsDisplay()
        case .character(let character):
            report("\(character) does nothing here — ? lists the keys")
        case .alt(let character):
            report("Alt-\(character.uppercased()) does nothing here — ? lists the keys")
        default:
            break
        }
        return .none
    }

    // MARK: SessionNavigation (the view models' actions lead here)

    func pushVideos(
        title: String, actions: MusicVideosListViewModelActions,
        load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void
    ) {
        let (view, viewModel) = container.makeFullScreenResultsView(actions: actions, title: title)
        push(view)
        perform { await load(viewModel) }
    }

    func pushDetails(
        video: MusicVideo?, actions: MusicVideoDetailsViewModelActions,
        load: (@MainActor (any MusicVideoDetailsViewModel) async -> Void)?
    ) {
        let (view, viewModel) = container.makeFullScreenDetailsView(video: video, actions: actions)
        push(view)
        if let load { view.load { await load(viewModel) } }
    }

    func pushList(_ list: OpenedList) {
        pushList(list.viewModel, load: list.load)
    }

    private func pushList<ViewModel: NumberedListOutput & NumberedListInput>(
        _ viewModel: ViewModel, load: @escaping @MainActor () async -> Void
    ) {
        let view = container.makeFullScreenListView(viewModel: viewModel)
        push(view)
        view.load(load)
    }

    private func push(_ view: any FullScreenView) {
        view.host = self
        stack.append(view)
        setNeedsDisplay()
    }

    private func pop() {
        guard stack.count > 1 else { return }
        let view = stack.removeLast()
        _ = view.cancelRequest()
        view.host = nil
        stack.last?.didReappear()
        setNeedsDisplay()
    }

    private func popToSearch() {
        while stack.count > 1 { pop() }
    }

    // MARK: FullScreenHost

    func setNeedsDisplay() {
        onNeedsDisplay?()
    }

    func report(_ message: String) {
        self.message = TerminalSanitizer.sanitize(message)
        setNeedsDisplay()
    }

    func perform(_ work: @escaping @MainActor () async -> Void) {
        let id = nextTaskID
        nextTaskID += 1
        tasks[id] = Task { [weak self] in
            await work()
            self?.tasks[id] = nil
        }
        setNeedsDisplay()
    }

    func didAsk(_ request: VideoRequest, about video: MusicVideo) {
        let write = { [weak self] (bytes: [UInt8]) in self?.writeToTerminal?(bytes) ?? false }
        switch request {
        case .playPreview: playPreview(of: video)
        case .copyPageURL: report(URLCopy.copy(video.trackURL, what: "page URL", write: write))
        case .copyPreviewURL: report(URLCopy.copy(video.previewURL, what: "preview URL", write: write))
        }
    }

    /// Waits until every request the views started has finished (tests script keys with it).
    func waitUntilIdle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }
}
