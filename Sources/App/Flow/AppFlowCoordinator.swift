import Domain
import Foundation
import Presentation
import Reactive
import TerminalUI

/// Starts the flow the command asks for and reports how it ended.
@MainActor
final class AppFlowCoordinator {
    let sceneContainer: MusicVideosSceneDIContainer

    init(sceneContainer: MusicVideosSceneDIContainer) {
        self.sceneContainer = sceneContainer
    }

    /// One search, its results written once, numbered from its offset + 1.
    /// - Parameter query: A query `Invocation` has checked.
    /// - Returns: 0 with results, 1 when nothing was found, otherwise the error's status.
    func runSearch(query: MusicVideoQuery, style: OutputStyle) async -> ExitStatus {
        let viewModel = sceneContainer.makeMusicVideosListViewModel()
        let view = sceneContainer.makeMusicVideosListView(
            viewModel: viewModel, style: style, firstNumber: query.offset + 1)
        return await runOnce(viewModel, view: view) { await viewModel.didSearch(query: query) }
    }

    /// The one-shot flow of every list: the view written once the load ends, and the exit status
    /// its events decide — 0 with rows, 1 when nothing was found, otherwise the error's status.
    private func runOnce<View>(_ status: any ListStatusOutput, view: View, load: @MainActor () async -> Void) async
        -> ExitStatus
    {
        let outcome = Outcome(errors: status.error, nothingFound: status.noResults)
        await load()
        withExtendedLifetime(view) {}
        return outcome.status
    }

    /// A list command's rows (`--artists`, `--top`), written once in the format asked for.
    /// - Returns: 0 with rows, 1 when nothing was found, otherwise the error's status.
    func runList(_ list: PreparedList, style: OutputStyle) async -> ExitStatus {
        let opened = list.open(sceneContainer, nil)
        return await runList(opened.viewModel, style: style, load: opened.load)
    }

    private func runList<ViewModel: NumberedListOutput>(
        _ viewModel: ViewModel, style: OutputStyle, load: @MainActor () async -> Void
    ) async -> ExitStatus {
        let view = sceneContainer.makeListView(
            items: viewModel.items, status: viewModel, renderer: sceneContainer.makeListRenderer(style: style))
        return await runOnce(viewModel, view: view, load: load)
    }

    /// One video's details (`--id`).
    /// - Returns: 0 when shown, 1 when there is no such video, otherwise the error's status.
    func runLookup(query: MusicVideoLookupQuery, style: OutputStyle) async -> ExitStatus {
        let viewModel = sceneContainer.makeMusicVideoDetailsViewModel()
        let view = sceneContainer.makeMusicVideoDetailsView(
            viewModel: viewModel, style: style, hints: MusicVideosSceneDIContainer.commandLineHints)
        let outcome = Outcome(errors: viewModel.error, nothingFound: viewModel.notFound)
        await viewModel.didLoad(query: query)
        withExtendedLifetime(view) {}
        return outcome.status
    }

    /// The interactive session: full screen when input is a terminal — drawn on the controlling
    /// terminal (`/dev/tty`) when output is not (`mvsearch -i > file`) — else the line session; a
    /// list command (`-i --artists`, `-i --top`) starts either on its list.
    /// - Parameters:
    ///   - list: The list command's list to start on.
    ///   - fullScreen: What the terminal allows the full-screen session, or `nil` when it cannot
    ///     run one (`TERM=dumb`).
    func runInteractive(
        term: String?, list: PreparedList? = nil, settings: MusicVideosSearchFlowCoordinator.Settings,
        style: TextStyle, requests: RequestScope, fullScreen: FullScreenOptions? = nil
    ) async -> ExitStatus {
        let console = sceneContainer.console
        if let fullScreen, console.inputIsTerminal,
            // Output elsewhere (a file, a pipe): the session is still the terminal's, as a pick is;
            // the line session would write its prompts where the user cannot see them.
            let terminal = console.outputIsTerminal
                ? RawTerminal(reportsMouse: fullScreen.mouse)
                : try? TerminalDevice.terminal(reportsMouse: fullScreen.mouse)
        {
            let coordinator = sceneContainer.makeFullScreenFlowCoordinator(settings: settings)
            return await runFullScreen(
                coordinator, on: terminal, options: fullScreen, term: term, list: list)
        }
        return await sceneContainer.makeSearchFlowCoordinator(settings: settings, style: style, requests: requests)
            .start(term: term, list: list)
    }

    /// Runs the full-screen session on `terminal` (`-i` and `--pick` alike): the mouse and artwork
    /// as the options and the terminal allow, and what is written to standard error meanwhile held
    /// until the terminal is restored, so it never lands in a frame.
    func runFullScreen(
        _ coordinator: FullScreenFlowCoordinator, on terminal: RawTerminal, options: FullScreenOptions, term: String?,
        list: PreparedList?
    ) async -> ExitStatus {
        let graphics = sceneContainer.graphics
        coordinator.reportsMouse = options.mouse
        if graphics != nil { coordinator.artwork = sceneContainer.makeArtworkLoader() }
        var encoder = FrameEncoder(usesColor: options.usesColor, usesHyperlinks: options.hyperlinks, graphics: graphics)
        encoder.cellPixelSize = { [terminal] in terminal.cellPixelSize }  // pictures keep their aspect ratio
        let session = FullScreenSession(coordinator: coordinator, terminal: terminal, encoder: encoder)
        let hold = sceneContainer.console.diagnosticsHold
        hold?.hold()
        defer { hold?.release() }
        return await session.run(term: term, list: list)
    }

    /// `--history`: recent searches, newest first, one per line or as JSON.
    /// - Parameter asObjects: JSON objects with the key `term` instead of strings.
    func runHistory(style: OutputStyle, asObjects: Bool) async -> ExitStatus {
        let viewModel = sceneContainer.makeRecentSearchesViewModel()
        let view = sceneContainer.makeRecentSearchesView(viewModel: viewModel, style: style, asObjects: asObjects)
        await viewModel.didLoad()
        withExtendedLifetime(view) {}
        return .success
    }

    /// `--clear-history`.
    /// - Returns: 0 when they are gone; 73 when removing them is not allowed, 74 on an I/O error.
    func clearHistory() async -> ExitStatus {
        do throws(RecentSearchesError) {
            try await sceneContainer.makeRecentSearchesViewModel().didClear()
            return .success
        } catch {
            let advice =
                error.kind == .busy
                ? "try again in a moment" : "remove the file yourself, or fix the folder's owner and permissions"
            sceneContainer.console.diagnostics.write(
                MusicVideosSceneDIContainer.diagnosticPrefix
                    + "cannot clear the recent searches: \(TerminalSanitizer.sanitize(error.reason)) — \(advice)\n")
            switch error.kind {
            case .notPermitted: return .cannotCreate
            case .inputOutput: return .ioError
            case .busy: return .temporaryFailure
            }
        }
    }
}

/// What the terminal allows the full-screen session.
struct FullScreenOptions: Equatable {
    /// OSC 8 hyperlinks.
    var hyperlinks: Bool
    /// Mouse reports: the wheel and clicks (`--no-mouse`, `mouse = off`).
    var mouse = true
    /// Colour on the terminal (`--no-color`, `NO_COLOR`, the settings file), whatever stdout is.
    var usesColor = true
}

/// Watches a screen's events to decide the exit status of a one-shot command.
@MainActor
private final class Outcome {
    private(set) var status: ExitStatus = .success
    private var subscriptions = Set<AnyCancellable>()

    init<Nothing>(errors: AnyPublisher<CatalogError, Never>, nothingFound: AnyPublisher<Nothing, Never>) {
        nothingFound
            .sink { [weak self] _ in self?.status = .noResults }
            .store(in: &subscriptions)
        errors
            .sink { [weak self] error in self?.status = ExitStatus(error) }
            .store(in: &subscriptions)
    }
}
