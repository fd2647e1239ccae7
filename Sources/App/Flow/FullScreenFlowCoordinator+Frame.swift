import Foundation
import Presentation
import TerminalUI

/// The frame: the screen on top, the status line and the help box, drawn at the terminal's size.
extension FullScreenFlowCoordinator {
    /// Whether the screen on top is loading (the spinner turns).
    var isLoading: Bool { screens.top?.activity != nil }

    /// Advances the spinner.
    func tick() {
        status.tick()
        if isLoading { setNeedsDisplay() }
    }

    /// Says what happens meanwhile in the wait on screen — a retry and its reason, the seconds
    /// a Retry-After asks (`HTTP 503, retrying 2 of 3`) — until the wait ends; `nil` clears it.
    func showActivityDetail(_ detail: String?) {
        status.showActivityDetail(detail)
        if isLoading { setNeedsDisplay() }
    }

    /// The whole terminal as it should look now.
    func frame(columns: Int, rows: Int) -> Frame {
        guard let view = screens.top else { return Frame(columns: columns, rows: rows) }
        var lines: [(key: String, action: String)]?
        if help.isOpen {
            let helpLines = HelpOverlay.lines(for: view, reportsMouse: reportsMouse)
            help.layOut(helpLines, columns: columns, rows: rows)
            lines = helpLines
        }
        return FullScreenChrome.frame(
            for: view, columns: columns, rows: rows, message: message,
            messageIsError: status.notice == nil || view.message != nil, activity: status.activityLine(of: view),
            spinnerTick: status.spinnerTick, help: lines, helpTop: help.top)
    }
}
