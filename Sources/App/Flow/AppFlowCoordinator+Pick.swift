import Foundation
import Presentation
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AppFlowCoordinator {
    /// The picker (`--pick`): the full-screen session drawn on `/dev/tty`, so standard output can
    /// be a pipe or a file, as fzf's; once the terminal is restored, the rows picked are written
    /// to standard output as the one-shot command writes such rows.
    /// - Parameters:
    ///   - list: The list command's list to start on (`--pick --top`, `--pick --artists jack`).
    ///   - options: What the terminal allows the full-screen session, or `nil` (`TERM=dumb`).
    /// - Returns: 0 with rows written, 130 when the pick was cancelled (Esc, q, Ctrl-C), 64 when
    ///   there is no terminal to draw on, 74 when the terminal or the rows could not be written
    ///   (the reader of standard output gone too).
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
        let coordinator = sceneContainer.makeFullScreenFlowCoordinator(settings: settings)
        coordinator.isPicking = true
        let status = await runFullScreen(
            coordinator, on: terminal, options: options, term: term, list: list)
        guard status == .success, let picked = coordinator.picked else {
            return status == .success ? .interrupted : status  // q, or Esc on the first screen: nothing picked
        }
        let output = sceneContainer.console.output
        output.write(picked.text(with: StyledListRenderers(container: sceneContainer, style: style)))
        // The rows were the point of the pick: a reader that went away (EPIPE) lost them, which is
        // no quiet end as for a search's output (`| head -1`) — curl says 23 in the same case.
        // Any other failure is said by the run's check.
        if let checked = output as? any CheckedOutput, checked.isStopped, checked.failure == nil {
            diagnostics.write(prefix + "cannot write the results — the reader of standard output went away\n")
            return .ioError
        }
        return .success
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
