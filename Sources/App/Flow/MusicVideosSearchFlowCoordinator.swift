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
/// screen (`/s` searches for "s").
@MainActor
final class MusicVideosSearchFlowCoordinator {
    /// What every search and artist list of the session uses.
    struct Settings: Equatable {
        var country: String
        var limit: Int
        var attribute: MusicVideoQuery.Attribute
        var allowsExplicit: Bool

        /// A list command's query for a term, in the session's country and page size.
        func termQuery(_ term: String) -> TermQuery {
            TermQuery(term: term, country: country, limit: limit)
        }
    }

    private let container: MusicVideosSceneDIContainer
    private let settings: Settings
    private let style: TextStyle
    private let requests: RequestScope
    private var stack: [any InteractiveScreen] = []
    private var searchViewModel: (any MusicVideosSearchViewModel)?
    /// Loads started by actions, run once the input that caused them has been handled.
    private var pendingLoads: [@MainActor () async -> Void] = []

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
    ///   - list: The list command whose rows the term asks for: start on those rows.
    /// - Returns: 0 when the user ended the session, 130 when it was cancelled.
    func start(term: String?, list: ListCommand? = nil) async -> ExitStatus {
        let (searchScreen, viewModel) = container.makeSearchScreen(
            actions: MusicVideosSearchViewModelActions(showResults: { [weak self] in self?.showResults(for: $0) }),
            style: style)
        searchViewModel = viewModel
        stack = [searchScreen]
        await viewModel.didLoad()
        if let term {
            if let list { showList(list, for: term) } else { showResults(for: term) }
            await runPendingLoads()
        } else {
            searchScreen.show()
        }
        while let screen = stack.last {
            console.output.write(prompt(for: screen))
            guard let line = await console.input.readLine() else {
                if Task.isCancelled { return .interrupted }
                console.output.write("\n")
                return .success
            }
            if !console.inputIsTerminal { console.output.write(TerminalSanitizer.sanitize(line) + "\n") }
            let input = line.trimmingWhitespace()
            switch input {
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
                    report("\"\(TerminalSanitizer.sanitize(input))\" is not a choice here — use one of the keys below")
                }
                await runPendingLoads()
            }
        }
        return .success
    }

    /// The keys of the other screens: on the search screen they are not searched for either.
    private static let screenKeys: Set<String> = ["n", "p", "o", "a"]

    // MARK: Actions

    private func showResults(for term: String) {
        let query = MusicVideoQuery(
            term: term, country: settings.country, limit: settings.limit, attribute: settings.attribute,
            allowsExplicit: settings.allowsExplicit)
        pushResults { await $0.didSearch(query: query) }
    }

    private func showDetails(of video: MusicVideo) {
        let actions = MusicVideoDetailsViewModelActions(
            openInBrowser: { [weak self] in self?.open($0) },
            showArtistVideos: { [weak self] id, name in self?.showArtistVideos(artistID: id, artistName: name) })
        // The details view draws the video as soon as it is bound to it.
        stack.append(container.makeDetailsScreen(video: video, actions: actions, style: style))
    }

    private func showArtistVideos(artistID: Int, artistName: String?) {
        let query = ArtistMusicVideosQuery(
            artistID: artistID, artistName: artistName, country: settings.country, limit: settings.limit)
        pushResults { await $0.didShowArtistVideos(query: query) }
    }

    /// A list command's rows for a term (`-i --artists`); a row leads where `ListNavigation` says.
    private func showList(_ command: ListCommand, for term: String) {
        let navigation = ListNavigation(showArtistVideos: { [weak self] in
            self?.showArtistVideos(artistID: $0, artistName: $1)
        })
        let list = command.open(container, settings.termQuery(term), navigation)
        push(container.makeListScreen(viewModel: list.viewModel, style: style), load: list.load)
    }

    private func open(_ url: URL) {
        if !container.browser.open(url) {
            report("cannot start a browser — the page is \(TerminalSanitizer.sanitize(url.absoluteString))")
        }
    }

    /// Pushes a results screen now and loads it after the current input is handled.
    private func pushResults(_ load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void) {
        let actions = MusicVideosListViewModelActions(showMusicVideoDetails: { [weak self] video in
            self?.showDetails(of: video)
        })
        let (screen, viewModel) = container.makeResultsScreen(actions: actions, style: style)
        push(screen) { await load(viewModel) }
    }

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
        if stack.count > 1 { keys += ["s new search", "b back"] }
        keys.append("q quit")
        return keys.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    private func prompt(for screen: any InteractiveScreen) -> String {
        style.dim(keys(for: screen)) + "\n> "
    }

    private func report(_ message: String) {
        console.diagnostics.write(MusicVideosSceneDIContainer.diagnosticPrefix + message + "\n")
    }
}
