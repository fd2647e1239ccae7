import Domain
import Foundation
import Presentation
import TerminalUI

/// The full-screen session's navigation: a stack of views (search → results → details →
/// artist's videos …) pushed by view-model actions and popped by Esc/←/b. It owns the keys
/// that move between screens or end the session, the status line's message, the help overlay,
/// and the requests its views start; keys come in as `Key`s, frames go out from `frame`.
///
/// A key means one thing on every screen: Esc goes back one level (from the search screen to
/// the results it came from; on the first screen with an empty field it quits), `q` quits from
/// every screen that is not a text field, `?` (F1 in a text field) opens the help, and what a
/// screen numbers, a number selects.
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
    /// What `s` left behind the search screen: Esc there brings it back.
    private var behindSearch: [any FullScreenView] = []
    /// What the last key did, when it says something (`there is no row 9`); cleared by the next
    /// key. Otherwise the status line shows the screen's own message.
    var notice: String?
    /// The message shown now: the last key's notice, else the screen's own.
    var message: String? { notice ?? stack.last?.message ?? container.player.nowPlaying }
    var showsHelp = false
    var helpTop = 0
    var helpScrollLimit = 0
    /// How far PgUp/PgDn move the help: its lines on screen, less one kept for context.
    private var helpPage = 5
    /// Whether the terminal reports the mouse: the help then says what it does.
    var reportsMouse = false
    /// Counts clicks into double clicks, on the clock `now` reads.
    var clicks = MouseClickCounter()
    private var spinnerTick = 0
    /// What the search screen searches: music videos, or artists (`-i --artists`).
    var searchesArtists = false
    private weak var searchView: FullScreenSearchView?
    /// The wait on screen and when it began, for its elapsed seconds.
    private var wait: (view: ObjectIdentifier, activity: String, start: ContinuousClock.Instant)?
    /// What happens meanwhile in the wait on screen (`HTTP 503, retrying 2 of 3`), sanitised.
    private var activityDetail: String?
    /// The clock the elapsed seconds are read from (tests set one).
    var now: @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTaskID = 0
    /// Called when something on screen changed; the session coalesces these into one frame.
    var onNeedsDisplay: (@MainActor () -> Void)?
    /// Writes bytes to the terminal outside any frame (a copy's OSC 52); `false` when not written.
    var writeToTerminal: (@MainActor ([UInt8]) -> Bool)?
    /// The picker (`--pick`): Enter on a list of videos picks, and every other way out is a
    /// cancelled pick (130).
    var isPicking = false
    /// The rows Enter picked, to be written once the terminal is restored.
    private(set) var picked: PickedRows?
    /// The artwork the results' preview and the details show, where the terminal draws pictures.
    var artwork: ArtworkLoader? {
        didSet { artwork?.onLoad = { [weak self] in self?.setNeedsDisplay() } }
    }

    init(container: MusicVideosSceneDIContainer, settings: MusicVideosSearchFlowCoordinator.Settings) {
        self.container = container
        self.settings = settings
    }

    /// Shows the search screen; with a term, searches for it at once.
    /// - Parameter list: A list command's list (`-i --artists jack`, `-i --top`): it goes over
    ///   the search screen instead of the music videos found.
    func start(term: String?, list: PreparedList? = nil) {
        let (searchView, viewModel) = container.makeFullScreenSearchView(
            actions: MusicVideosSearchViewModelActions(showResults: { [weak self] in self?.submit($0) }),
            term: term ?? "")
        self.searchView = searchView
        push(searchView)
        searchView.didReappear()
        if let list {
            showList(list)
        } else if let term {
            viewModel.didSubmit(term: term)
        }
    }

    /// The search screen's words: a new search forgets what `s` left behind it.
    private func submit(_ term: String) {
        behindSearch = []
        searchView?.hasResultsBehind = false
        search(for: term)
    }

    /// Whether the screen on top is loading (the spinner turns).
    var isLoading: Bool { stack.last?.activity != nil }

    /// Advances the spinner.
    func tick() {
        spinnerTick += 1
        if isLoading { setNeedsDisplay() }
    }

    /// Says what happens meanwhile in the wait on screen — a retry and its reason, the seconds
    /// a Retry-After asks (`HTTP 503, retrying 2 of 3`) — until the wait ends; `nil` clears it.
    func showActivityDetail(_ detail: String?) {
        activityDetail = detail.map(TerminalSanitizer.sanitize)
        if isLoading { setNeedsDisplay() }
    }

    /// The whole terminal as it should look now.
    func frame(columns: Int, rows: Int) -> Frame {
        guard let view = stack.last else { return Frame(columns: columns, rows: rows) }
        let help = showsHelp ? view.help + Self.sessionHelp + (reportsMouse ? Self.mouseHelp : []) : nil
        if let help {
            helpScrollLimit = FullScreenChrome.helpScrollLimit(help, columns: columns, rows: rows - 1)
            helpTop = min(helpTop, helpScrollLimit)
            helpPage = max(1, rows - 1 - 3 - 1)
        }
        return FullScreenChrome.frame(
            for: view, columns: columns, rows: rows, message: message, activity: activityLine(of: view),
            spinnerTick: spinnerTick, help: help, helpTop: helpTop)
    }

    /// The wait on screen: what the view waits for, the detail reported for it, and the seconds
    /// since it began (a new wait, or another screen's, starts again from 0).
    private func activityLine(of view: any FullScreenView) -> FullScreenChrome.ActivityLine? {
        guard let activity = view.activity else {
            wait = nil
            activityDetail = nil
            return nil
        }
        let id = ObjectIdentifier(view)
        if wait?.view != id || wait?.activity != activity {
            if wait != nil { activityDetail = nil }
            wait = (id, activity, now())
        }
        let elapsed = wait.map { now() - $0.start } ?? .zero
        return FullScreenChrome.ActivityLine(
            activity, detail: activityDetail, elapsedSeconds: Int(elapsed.components.seconds))
    }

    private static let sessionHelp: [(key: String, action: String)] = [
        ("?, F1", "this help (F1 in a text field)"),
        ("Ctrl-L", "draw the screen again"),
        ("Ctrl-Z", "suspend (fg to come back)"),
    ]

    // MARK: Keys

    /// Handles one key: the help box first when it is open, then the session's control keys,
    /// the view on top, and the keys that mean the same on every screen. In the picker, a pick
    /// ends the session (0) and any other end is a cancelled pick (130), as in fzf.
    func handle(_ key: Key) -> Command {
        let command = command(for: key)
        guard isPicking, case .exit(.success) = command else { return command }
        return picked == nil ? .exit(.interrupted) : command
    }

    private func command(for key: Key) -> Command {
        if case .mouse(let event) = key {
            handle(event)
            return picked == nil ? .none : .exit(.success)  // a double click picks as Enter does
        }
        if notice != nil {
            notice = nil
            setNeedsDisplay()
        }
        if showsHelp {
            handleHelp(key)
            return .none
        }
        guard let view = stack.last else { return .exit(.success) }
        switch key {
        case .control("c"):
            guard view.cancelRequest() else { return .exit(.interrupted) }
            // The load a key has just asked for may not have started its request yet, so the view
            // model had nothing to cancel: cancelled here, it starts cancelled and asks nothing.
            for task in tasks.values { task.cancel() }
            report("cancelled")
            if view.isEmpty { pop() }  // a first search cancelled: back to where it was asked for
            return .none
        case .control("\\"): return .exit(.quit)
        case .control("z"): return .suspend
        case .control("l"): return .redrawAll
        case .f1:
            openHelp()
            return .none
        case .escape where view === searchView && !behindSearch.isEmpty:
            returnToResults()
            return .none
        default: break
        }
        if view.handle(key) { return picked == nil ? .none : .exit(.success) }
        if view === searchView {
            switch key {
            case .escape, .control("d"): return .exit(.success)
            case .character("?"): openHelp()
            case .alt(let character): report("Alt-\(character.uppercased()) does nothing here — F1 lists the keys")
            default: break
            }
            return .none
        }
        switch key {
        case .character("q"): return .exit(.success)
        // The picker's first list is its top level: Esc there ends the pick, as in fzf.
        case .escape where isPicking && stack.count == 2: return .exit(.interrupted)
        case .escape, .left, .character("b"): pop()
        case .character("s"): popToSearch()
        case .character("?"): openHelp()
        case .character(let character):
            report("\(character) does nothing here — ? lists the keys")
        case .alt(let character):
            report("Alt-\(character.uppercased()) does nothing here — ? lists the keys")
        default:
            break
        }
        return .none
    }

    private func openHelp() {
        showsHelp = true
        helpTop = 0
        setNeedsDisplay()
    }

    /// The help box scrolls with the keys that scroll a list; any other key closes it.
    private func handleHelp(_ key: Key) {
        switch key {
        case .up, .character("k"): helpTop = max(0, helpTop - 1)
        case .down, .character("j"): helpTop = min(helpScrollLimit, helpTop + 1)
        case .pageUp: helpTop = max(0, helpTop - helpPage)
        case .pageDown: helpTop = min(helpScrollLimit, helpTop + helpPage)
        case .home, .character("g"): helpTop = 0
        case .end, .character("G"): helpTop = helpScrollLimit
        default: showsHelp = false
        }
        setNeedsDisplay()
    }

    // MARK: SessionNavigation (the view models' actions lead here)

    func pushVideos(
        title: String, actions: MusicVideosListViewModelActions,
        load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void
    ) {
        let (view, viewModel) = container.makeFullScreenResultsView(actions: actions, title: title)
        view.artwork = artwork
        push(view)
        view.load { await load(viewModel) }
    }

    func pushDetails(
        video: MusicVideo?, actions: MusicVideoDetailsViewModelActions,
        load: (@MainActor (any MusicVideoDetailsViewModel) async -> Void)?
    ) {
        let (view, viewModel) = container.makeFullScreenDetailsView(video: video, actions: actions)
        view.artwork = artwork
        push(view)
        if let load { view.load { await load(viewModel) } }
    }

    func pushList(_ list: OpenedList) {
        // A session started on an artist list searches artists from its search screen too.
        if stack.count == 1, searchesArtists(startingWith: list) {
            searchesArtists = true
            searchView?.searchesFor = "artists"
        }
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
        if stack.last === searchView {
            behindSearch = []
            searchView?.hasResultsBehind = false
        }
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

    /// `s`: the search screen, keeping the screens above it for Esc to come back to (a request
    /// they await goes on).
    private func popToSearch() {
        guard stack.count > 1 else { return }
        behindSearch = Array(stack.dropFirst())
        stack.removeSubrange(1...)
        for view in behindSearch { view.host = nil }
        searchView?.hasResultsBehind = true
        stack.last?.didReappear()
        setNeedsDisplay()
    }

    /// Esc on the search screen after `s`: the screens it came from, as they were.
    private func returnToResults() {
        for view in behindSearch { view.host = self }
        stack += behindSearch
        behindSearch = []
        searchView?.hasResultsBehind = false
        setNeedsDisplay()
    }

    // MARK: FullScreenHost

    func setNeedsDisplay() {
        onNeedsDisplay?()
    }

    func report(_ message: String) {
        notice = TerminalSanitizer.sanitize(message)
        setNeedsDisplay()
    }

    func perform(_ work: @escaping @MainActor () async -> Void) {
        let id = nextTaskID
        nextTaskID += 1
        tasks[id] = Task { [weak self] in
            // The retries of the load's requests are said in the status line while it waits.
            await withRequestProgress({ [weak self] in self?.showActivityDetail($0) }) { await work() }
            self?.tasks[id] = nil
        }
        setNeedsDisplay()
    }

    func didPick(_ rows: PickedRows) {
        guard isPicking else { return }
        // From a video's details: the rows marked on the list below, when there are some (fzf's
        // Enter takes the marked rows wherever the cursor is).
        let marked = stack.last?.markedRows == nil ? stack.dropLast().last?.markedRows : nil
        picked = marked ?? rows
    }

    var markedBelow: Int { stack.dropLast().last?.markedRows?.count ?? 0 }

    func rowBelow(of video: MusicVideo) -> PickedRows? { stack.dropLast().last?.pickedRow(of: video) }

    func didAsk(_ request: VideoRequest, about video: MusicVideo) {
        perform(request, on: video) { [weak self] in self?.writeToTerminal?($0) ?? false }
    }

    /// Waits until every request the views started has finished (tests script keys with it).
    func waitUntilIdle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }
}
