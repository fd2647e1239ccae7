import Domain
import Foundation
import Presentation
import Reactive
import Synchronization
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AppFlowCoordinator {
    /// The picker (`--pick`): the full-screen session drawn on `/dev/tty`, so standard output can
    /// be a pipe or a file, as fzf's; once the terminal is restored, the rows picked are written
    /// to standard output as the one-shot command writes such rows. A pick that starts on rows
    /// (a term, a list command) loads them before the screen opens: nothing found, or a load that
    /// failed, ends it at once as the one-shot command would (so a script can tell "nothing found",
    /// 1, from "cancelled", 130); with `--select-1` a single row is written without a screen.
    /// - Parameters:
    ///   - list: The list command's list to start on (`--pick --top`, `--pick --artists jack`).
    ///   - options: What the terminal allows the full-screen session, or `nil` (`TERM=dumb`).
    /// - Returns: 0 with rows written, 1 when nothing was found, 130 when the pick was cancelled
    ///   (Esc, q, Ctrl-C), 64 when there is no terminal to draw on, 74 when the terminal or the rows
    ///   could not be written (the reader of standard output gone too).
    func runPick(
        term: String?, list: PreparedList?, settings: MusicVideosSearchFlowCoordinator.Settings, style: OutputStyle,
        fullScreen options: FullScreenOptions?
    ) async -> ExitStatus {
        let diagnostics = sceneContainer.console.diagnostics
        let prefix = MusicVideosSceneDIContainer.diagnosticPrefix
        guard let options else {
            diagnostics.write(
                prefix
                    + "--pick needs a terminal that can draw a screen, and TERM is dumb — set TERM (xterm-256color)\n")
            return .usage
        }
        let terminal: RawTerminal
        do {
            terminal = try TerminalDevice.terminal(reportsMouse: options.mouse)
        } catch {
            diagnostics.write(prefix + "--pick needs a terminal to draw on: \(error.reason) — run it from a terminal\n")
            return .usage
        }
        if let ended = await firstRows(term: term, list: list, settings: settings, style: style) {
            return ended == .success ? checkedPick() : ended
        }
        let coordinator = sceneContainer.makeFullScreenFlowCoordinator(settings: settings)
        coordinator.isPicking = true
        let status = await runFullScreen(
            coordinator, on: terminal, options: options, term: term, list: list)
        guard status == .success, let picked = coordinator.picked else {
            return status == .success ? .interrupted : status  // q, or Esc on the first screen: nothing picked
        }
        sceneContainer.console.output.write(
            picked.text(with: StyledListRenderers(container: sceneContainer, style: style)))
        return checkedPick()
    }

    /// The rows were the point of the pick: a reader that went away (EPIPE) lost them, which is
    /// no quiet end as for a search's output (`| head -1`) — curl says 23 in the same case. Any
    /// other failure is said by the run's check.
    private func checkedPick() -> ExitStatus {
        if let checked = sceneContainer.console.output as? any CheckedOutput, checked.isStopped, checked.failure == nil
        {
            sceneContainer.console.diagnostics.write(
                MusicVideosSceneDIContainer.diagnosticPrefix
                    + "cannot write the results — the reader of standard output went away\n")
            return .ioError
        }
        return .success
    }

    /// The pick's first rows, loaded before its screen opens, as fzf's `--exit-0` and `--select-1`.
    /// - Returns: How the pick ends without a screen — the one-shot's status when nothing was
    ///   found or the load failed (its message said), 0 when `--select-1` wrote the only row —
    ///   or `nil` when the screen opens (no term, or rows to choose from).
    private func firstRows(
        term: String?, list: PreparedList?, settings: MusicVideosSearchFlowCoordinator.Settings, style: OutputStyle
    ) async -> ExitStatus? {
        if let list {
            let opened = list.open(sceneContainer, nil)
            return await firstRows(of: opened.viewModel, style: style, load: opened.load)
        }
        guard let term else { return nil }
        let query = MusicVideoQuery(
            term: term, country: settings.country, limit: settings.limit, attribute: settings.attribute,
            allowsExplicit: settings.allowsExplicit)
        let viewModel = sceneContainer.makeMusicVideosListViewModel()
        return await firstRows(of: viewModel, style: style) { await viewModel.didSearch(query: query) }
    }

    private func firstRows<ViewModel: NumberedListOutput>(
        of viewModel: ViewModel, style: OutputStyle, load: @MainActor () async -> Void
    ) async -> ExitStatus? {
        let console = sceneContainer.console
        let rows = FirstRows(viewModel)
        // The one-shot's view: its messages on standard error, its rows held until they are wanted.
        let view = ListView(
            items: viewModel.items, status: viewModel, renderer: sceneContainer.makeListRenderer(style: style),
            output: rows.text, diagnostics: console.diagnostics,
            diagnosticPrefix: MusicVideosSceneDIContainer.diagnosticPrefix,
            activityIndicator: console.activityIndicator, hintPhrasing: sceneContainer.dependencies.commandLineHints)
        await load()
        withExtendedLifetime(view) {}
        guard rows.status == .success else { return rows.status }
        // The picker writes videos: a single artist (`--pick --artists`) still leads to them.
        guard style.selectsOnlyRow, rows.count == 1, ViewModel.Row.self is any MusicVideoRow.Type else { return nil }
        console.output.write(rows.text.held)
        return .success
    }
}

/// What a pick's first load found: how many rows, how it ended, and the rows as the output
/// format writes them.
@MainActor
private final class FirstRows {
    private(set) var count = 0
    private(set) var status: ExitStatus = .success
    let text = HeldText()
    private var subscriptions = Set<AnyCancellable>()

    init<ViewModel: NumberedListOutput>(_ viewModel: ViewModel) {
        viewModel.items.sink { [weak self] rows in self?.count = rows.count }.store(in: &subscriptions)
        viewModel.noResults.sink { [weak self] _ in self?.status = .noResults }.store(in: &subscriptions)
        viewModel.error.sink { [weak self] error in self?.status = ExitStatus(error) }.store(in: &subscriptions)
    }
}

/// Text kept rather than written.
private final class HeldText: TextOutput {
    private let kept = Mutex("")

    var held: String { kept.withLock { $0 } }

    func write(_ text: String) {
        kept.withLock { $0 += text }
    }
}

/// The renderers of the command's output format, for the rows the picker writes.
@MainActor
private struct StyledListRenderers: ListRendererMaking {
    let container: MusicVideosSceneDIContainer
    let style: OutputStyle

    func renderer<Row: ListRowDescribing>(for row: Row.Type) -> any ListRenderer<Row> {
        container.makeListRenderer(style: style)
    }
}
