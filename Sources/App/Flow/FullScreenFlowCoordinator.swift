import Domain
import Foundation
import Presentation
import TerminalUI

/// The full-screen session's navigation: a stack of screens (search → results → details →
/// artist's videos …) pushed by view-model actions and popped by Esc/←/b. What else a session
/// does has a type of its own, held here: the status line's words (`SessionStatus`), the help box
/// (`HelpOverlay`), the requests under way (`SessionTasks`); the keys (`+Keys`), what the
/// session draws (`+Frame`), the mouse, the host the screens call and the picker are extensions of it.
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
    /// What navigation makes: the container, seen through the narrow protocol.
    var factory: any SessionNavigationFactory { container }
    /// Makes the screens: all the coordinator needs of the container for them.
    let views: any FullScreenViewFactory
    let settings: MusicVideosSearchFlowCoordinator.Settings
    var screens = ScreenStack()
    let status = SessionStatus()
    var help = HelpOverlay()
    let tasks = SessionTasks()
    /// The terminal's size, as the session last said it (`resize`).
    var terminalSize = (columns: 80, rows: 24)
    /// Whether the terminal reports the mouse: the help then says what it does.
    var reportsMouse = false
    /// Counts clicks into double clicks, on the clock `now` reads.
    var clicks = MouseClickCounter()
    /// What the search screen searches: music videos, or artists (`-i --artists`).
    var searchesArtists = false
    /// The chart shown last, whose country and genre `t` opens again.
    var lastChart: (any TopMusicVideosViewModel)?
    /// The country of the nearest chart on the stack (its rows, their details and `m` are that
    /// store's), else the session's.
    var browsingCountry: String {
        stack.reversed().lazy.compactMap { ($0 as? FullScreenChartView)?.query.country }.first ?? settings.country
    }
    /// Called when something on screen changed; the session coalesces these into one frame.
    var onNeedsDisplay: (@MainActor () -> Void)?
    /// Writes bytes to the terminal outside any frame (a copy's OSC 52); `false` when not written.
    var writeToTerminal: (@MainActor ([UInt8]) -> Bool)?
    /// The picker (`--pick`): Enter on a list of videos picks, and every other way out is a
    /// cancelled pick (130).
    var isPicking = false {
        didSet { for view in stack { view.host = self } }  // each screen learns it from its host
    }
    /// The picker's Esc asked whether to drop the marked rows: another Esc does.
    var confirmsDiscard = false
    /// Keys typed before the rows they are meant for arrived (`+TypeAhead`).
    var typedAhead: [Key] = []
    /// The screen they were typed for: replayed on no other.
    var typedAheadScreen: ObjectIdentifier?
    /// The rows Enter picked, to be written once the terminal is restored.
    var picked: PickedRows?
    /// The artwork the lists' pane and the details show, where the terminal draws pictures.
    var artwork: ArtworkLoader? {
        didSet { artwork?.onLoad = { [weak self] in self?.setNeedsDisplay() } }
    }

    init(container: MusicVideosSceneDIContainer, settings: MusicVideosSearchFlowCoordinator.Settings) {
        self.container = container
        views = container
        self.settings = settings
    }

    /// The screens, bottom to top.
    var stack: [any FullScreenView] { screens.views }
    /// The message shown now: the last key's notice, else the screen's own.
    var message: String? {
        status.message(over: screens.top) ?? status.playing(container.player.nowPlaying, over: screens.top)
    }
    /// The clock the wait's seconds and double clicks are read from (tests set one).
    var now: @MainActor () -> ContinuousClock.Instant {
        get { status.now }
        set { status.now = newValue }
    }

    /// Shows the search screen; with a term, searches for it at once.
    /// - Parameter list: A list command's list (`-i --artists jack`, `-i --top`): it goes over
    ///   the search screen instead of the music videos found.
    func start(term: String?, list: PreparedList? = nil) {
        let (searchView, viewModel) = views.makeFullScreenSearchView(
            actions: MusicVideosSearchViewModelActions(showResults: { [weak self] in self?.submit($0) }),
            term: term ?? "")
        screens.searchView = searchView
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
        screens.forgetBehindSearch()
        search(for: term)
    }

    // MARK: SessionNavigation (the view models' actions lead here)

    func pushVideos(
        title: String, actions: MusicVideosListViewModelActions,
        load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void
    ) {
        let (view, viewModel) = views.makeFullScreenResultsView(actions: actions, title: title, artwork: artwork)
        push(view)
        view.load { await load(viewModel) }
    }

    func pushDetails(
        video: MusicVideo?, actions: MusicVideoDetailsViewModelActions,
        load: (@MainActor (any MusicVideoDetailsViewModel) async -> Void)?
    ) {
        let (view, viewModel) = views.makeFullScreenDetailsView(video: video, actions: actions)
        view.artwork = artwork
        push(view)
        if let load { view.load { await load(viewModel) } }
    }

    func pushList(_ list: OpenedList) {
        if let chart = list.viewModel as? any TopMusicVideosViewModel {
            return pushChart(chart, load: list.load)
        }
        // A session started on an artist list searches artists from its search screen too.
        if screens.count == 1, searchesArtists(startingWith: list) {
            searchesArtists = true
            screens.searchView?.searchesFor = "artists"
        }
        pushList(list.viewModel, load: list.load)
    }

    private func pushList<ViewModel: NumberedListOutput & NumberedListInput>(
        _ viewModel: ViewModel, load: @escaping @MainActor () async -> Void
    ) {
        let view = views.makeFullScreenListView(viewModel: viewModel, artwork: artwork, videoActions: videoRowActions)
        push(view)
        view.load(load)
    }

    /// `t` (Ctrl-T on the search screen): the chart left last, else the top chart for the
    /// session's country — never lost, whichever way the user left it.
    func showChart() {
        // On the chart, another copy of it would only take one more Esc to leave.
        guard !(stack.last is FullScreenChartView) else {
            return report("this is the top chart — e changes its genre, c its country")
        }
        let query = lastChart?.query ?? ChartQuery(country: settings.country, limit: settings.limit)
        let viewModel = factory.makeTopMusicVideosViewModel(
            actions: TopMusicVideosViewModelActions(showMusicVideoDetails: { [weak self] in
                self?.showMusicVideoDetails(id: $0.id, known: $0)
            }))
        pushChart(viewModel) { await viewModel.didLoad(query: query) }
    }

    private func pushChart(_ viewModel: any TopMusicVideosViewModel, load: @escaping @MainActor () async -> Void) {
        lastChart = viewModel
        let fallback = ChartQuery(country: settings.country, limit: settings.limit)
        let view = views.makeFullScreenChartView(
            viewModel: viewModel, query: fallback, artwork: artwork, videoActions: videoRowActions)
        push(view)
        view.list.load(load)
    }

    private func push(_ view: any FullScreenView) {
        view.host = self
        screens.push(view)
        setNeedsDisplay()
    }

    func pop() {
        guard let view = screens.pop() else { return }
        _ = view.cancelRequest()
        view.host = nil
        screens.top?.didReappear()
        setNeedsDisplay()
    }

    /// `s`: the search screen, keeping the screens above it for Esc to come back to (a request
    /// they await goes on).
    func popToSearch() {
        for view in screens.popToSearch() { view.host = nil }
        screens.top?.didReappear()
        setNeedsDisplay()
    }

    /// Esc on the search screen after `s`: the screens it came from, as they were.
    func returnToResults() {
        for view in screens.returnToResults() { view.host = self }
        setNeedsDisplay()
    }
}
