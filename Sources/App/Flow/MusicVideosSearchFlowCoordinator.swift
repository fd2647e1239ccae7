import Domain
import Foundation
import Platform
import Presentation
import TerminalUI

/// The interactive session: a stack of screens (search → results → details → artist's videos …).
/// Screens are pushed by view-model actions and popped by `b`; `s` returns to the search
/// screen, `q` or the end of input ends the session. The coordinator owns every key that moves
/// between screens; each screen handles its own. A key means the same on every screen: on the
/// search screen a key is never searched for; `/` before words searches for them from any
/// screen (`/s` searches for "s"); `?` or `help` lists the commands.
@MainActor
final class MusicVideosSearchFlowCoordinator: SessionNavigation {
    /// What every search and artist list of the session uses.
    struct Settings: Equatable {
        var country: String
        var limit: Int
        var attribute: MusicVideoQuery.Attribute
        var allowsExplicit: Bool
    }

    let container: MusicVideosSceneDIContainer
    /// What navigation makes: the container, seen through the narrow protocol.
    var factory: any SessionNavigationFactory { container }
    let settings: Settings
    private let style: TextStyle
    private let requests: RequestScope
    private var stack: [any InteractiveScreen] = []
    private var searchViewModel: (any MusicVideosSearchViewModel)?
    private weak var searchScreen: SearchScreen?
    /// What the search screen searches: music videos, or artists (`-i --artists`).
    var searchesArtists = false
    /// The line session's charts keep the session's country.
    var browsingCountry: String { settings.country }
    /// Loads started by actions, run once the input that caused them has been handled.
    private var pendingLoads: [@MainActor () async -> Void] = []
    /// The screen whose prompt waits for a line: a notice that comes meanwhile (a preview
    /// playing, ending) goes on a line of its own, then the prompt again.
    private var waitingScreen: (any InteractiveScreen)?

    init(container: MusicVideosSceneDIContainer, settings: Settings, style: TextStyle, requests: RequestScope) {
        self.container = container
        self.settings = settings
        self.style = style
        self.requests = requests
    }

    private var console: Console { container.console }

    /// Runs the session until `q`, the end of input, or cancellation.
    /// - Parameters:
    ///   - term: Search for this at once, when given.
    ///   - list: A list command's list (`-i --artists jack`, `-i --top`): start on its rows.
    /// - Returns: 0 when the user ended the session, 130 when it was cancelled, 129 when its
    ///   terminal hung up.
    func start(term: String?, list: PreparedList? = nil) async -> ExitStatus {
        let (searchScreen, viewModel) = container.makeSearchScreen(
            actions: MusicVideosSearchViewModelActions(showResults: { [weak self] in self?.search(for: $0) }),
            style: style)
        searchViewModel = viewModel
        self.searchScreen = searchScreen
        stack = [searchScreen]
        await viewModel.didLoad()
        if let list {
            showList(list)
            await runPendingLoads()
        } else if let term {
            showResults(for: term)
            await runPendingLoads()
        } else {
            searchScreen.show()
        }
        while let screen = stack.last {
            console.output.write(prompt(for: screen))
            waitingScreen = screen
            let read = await console.input.readLine()
            waitingScreen = nil
            guard let line = read else {
                if Task.isCancelled { return .interrupted }
                // Its terminal hung up (the end of input or EIO, whether or not SIGHUP came first):
                // not the user ending the session.
                if (console.input as? any CheckedInput)?.hasHungUp == true { return .hangUp }
                console.output.write("\n")
                return .success
            }
            if !console.inputIsTerminal { console.output.write(TerminalSanitizer.sanitize(line) + "\n") }
            let input = line.trimmingWhitespace()
            switch input {
            case "":
                break  // an empty line: the prompt again, as a shell does
            case "q":
                return .success
            case "b" where stack.count > 1:
                stack.removeLast()
                await showTop()
            case "b":
                report("nothing to go back to — type words to search for, or q to quit")
            case "s":
                stack.removeSubrange(1...)
                await showTop()
            case "?", "help":
                // Never searched for (`/help` is): the commands of every screen.
                console.output.write(InteractiveHelp.text(style: style))
            // From any screen, as the notice of what plays says (`▶ 4Ever · x stop`); on the search
            // screen only while one plays: else it is words (the band X).
            case PreviewPlayback.stopKey where stack.count > 1 || container.player.nowPlaying != nil:
                stopPreview()
            case _ where input.hasPrefix("/"):
                // Words to search for, whatever screen this is and whatever the words are.
                stack.removeSubrange(1...)
                searchViewModel?.didSubmit(term: String(input.dropFirst()))
                await runPendingLoads()
            case _ where stack.count == 1 && Self.screenKeys.contains(input):
                report("\"\(input)\" is a key, not a search — type /\(input) to search for it")
            default:
                var understood = true
                if await requests.run({ understood = await screen.handle(input) }) {
                    report("cancelled")
                }
                if !understood {
                    report(
                        "\"\(TerminalSanitizer.excerpt(input))\" is not a choice here — use one of the keys below, or ? for them all"
                    )
                }
                await runPendingLoads()
            }
        }
        return .success
    }

    /// The keys of the other screens: on the search screen they are not searched for either.
    private static let screenKeys: Set<String> = ["n", "p", "o", "a", "r"]

    // MARK: SessionNavigation (the view models' actions lead here)

    func pushVideos(
        title: String, actions: MusicVideosListViewModelActions,
        load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void
    ) {
        let (screen, viewModel) = container.makeResultsScreen(actions: actions, style: style)
        push(screen) { await load(viewModel) }
    }

    func pushDetails(
        video: MusicVideo?, actions: MusicVideoDetailsViewModelActions,
        load: (@MainActor (any MusicVideoDetailsViewModel) async -> Void)?
    ) {
        // The details view draws a video as soon as it has one: given, or when the load finds it.
        let (screen, viewModel) = container.makeDetailsScreen(video: video, actions: actions, style: style)
        stack.append(screen)
        if let load { pendingLoads.append { await load(viewModel) } }
    }

    func pushList(_ list: OpenedList) {
        // A session started on an artist list searches artists from its search screen too.
        if stack.count == 1, searchesArtists(startingWith: list) {
            searchesArtists = true
            searchScreen?.searchesFor = "artists"
        }
        push(container.makeListScreen(viewModel: list.viewModel, style: style), load: list.load)
    }

    var screenOnTop: AnyObject? { stack.last }

    /// Back one screen (as `b`): the one below is shown again once the input is handled.
    func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        pendingLoads.append { [weak self] in await self?.showTop() }
    }

    /// Nothing to do here: a list left empty leaves by itself once its load ends
    /// (`runPendingLoads`), and its status line has said why.
    func leaveEmptyList(_ screen: AnyObject, saying message: String) {}

    /// Pushes a screen now and runs its load after the current input is handled.
    private func push(_ screen: any InteractiveScreen, load: @escaping @MainActor () async -> Void) {
        stack.append(screen)
        pendingLoads.append(load)
    }

    /// Runs the loads actions asked for; a results screen left empty (failure, nothing found,
    /// cancelled) is taken off again, so the user stays where they were.
    private func runPendingLoads() async {
        while !pendingLoads.isEmpty {
            let load = pendingLoads.removeFirst()
            if await requests.run(load) { report("cancelled") }
            if stack.last?.isEmpty == true, stack.count > 1 {
                stack.removeLast()
                await showTop()
            }
        }
    }

    /// Shows the screen on top again; the search screen first reloads its recent searches.
    private func showTop() async {
        if stack.count == 1 { await searchViewModel?.didLoad() }
        stack.last?.show()
    }

    // MARK: Prompt

    private func keys(for screen: any InteractiveScreen) -> String {
        var keys = [screen.keys]
        if container.player.nowPlaying != nil { keys.append("\(PreviewPlayback.stopKey) stop preview") }
        if stack.count > 1 { keys += ["s new search", "b back"] }
        keys.append("q quit")
        return keys.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    private func prompt(for screen: any InteractiveScreen) -> String {
        style.dim(keys(for: screen)) + "\n> "
    }

    func report(_ message: String) {
        // Never after a prompt that waits: the prompt's line ended first, and the prompt again after.
        if waitingScreen != nil { console.output.write("\n") }
        console.diagnostics.write(MusicVideosSceneDIContainer.diagnosticPrefix + message + "\n")
        if let waitingScreen { console.output.write(prompt(for: waitingScreen)) }
    }
}
