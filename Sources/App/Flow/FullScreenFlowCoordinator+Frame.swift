import Foundation
import Presentation
import TerminalUI

/// What the session draws: the screen on top, and what goes around it (`FullScreenChrome`) — the
/// status line's words and the help box. The session draws them; the coordinator only says what
/// they are.
extension FullScreenFlowCoordinator {
    /// The screen on top, which the session draws.
    var screen: (any FullScreenView)? { screens.top }

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

    /// The terminal's new size (said before the first frame at it): how far the help box scrolls.
    func resize(columns: Int, rows: Int) {
        terminalSize = (columns, rows)
        layOutHelp()
    }

    /// Sizes the help box over the screen on top at the terminal's size, as the frame draws it.
    func layOutHelp() {
        guard help.isOpen, let view = screens.top else { return }
        let layout = FullScreenChrome.helpLayout(
            over: view, content: chrome, columns: terminalSize.columns, rows: terminalSize.rows)
        help.layOut(limit: layout.limit, page: layout.page)
    }

    /// What the chrome draws around the screen on top now: a value read, nothing changes.
    var chrome: FullScreenChrome.Content {
        guard let view = screens.top else { return FullScreenChrome.Content() }
        return FullScreenChrome.Content(
            message: message, messageIsError: status.notice == nil || view.message != nil,
            activity: status.activityLine(of: view), spinnerTick: status.spinnerTick,
            help: help.isOpen ? HelpOverlay.lines(for: view, reportsMouse: reportsMouse) : nil, helpTop: help.top)
    }
}
