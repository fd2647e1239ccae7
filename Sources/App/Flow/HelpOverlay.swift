import Foundation
import Presentation
import TerminalUI

/// The help box over the screen: whether it is open, the line it shows from, and the keys that
/// scroll it (any other key closes it). Its lines are the screen's, the session's and the mouse's.
struct HelpOverlay {
    /// The session's own keys, below every screen's.
    static let sessionLines: [(key: String, action: String)] = [
        ("?, F1", "this help (F1 in a text field)"),
        ("Ctrl-L", "draw the screen again"),
        ("Ctrl-Z", "suspend (fg to come back)"),
    ]

    /// The help's lines for the mouse, when the terminal reports it.
    static let mouseLines: [(key: String, action: String)] = [
        ("wheel", "scroll the list, the details or this help"),
        ("click, double click", "select a row; what Enter does on it"),
    ]

    private(set) var isOpen = false
    private(set) var top = 0
    /// How far the box scrolls, as it was last laid out (`layOut`).
    private var scrollLimit = 0
    /// How far PgUp/PgDn move it: its lines on screen, less one kept for context.
    private var page = 5

    /// The lines the help lists over `view`.
    @MainActor
    static func lines(for view: any FullScreenView, reportsMouse: Bool) -> [(key: String, action: String)] {
        view.help + sessionLines + (reportsMouse ? mouseLines : [])
    }

    mutating func open() {
        isOpen = true
        top = 0
    }

    /// Sizes the box as the frame draws it (`FullScreenChrome.helpLayout`): on opening, on a new
    /// size, and before each key or wheel notch it takes (its lines change with the screen's state).
    mutating func layOut(limit: Int, page: Int) {
        scrollLimit = limit
        top = min(top, scrollLimit)
        self.page = page
    }

    /// The keys that scroll a list scroll the box; any other key closes it — and any key at all
    /// when every line shows, as its title then says.
    mutating func handle(_ key: Key) {
        guard scrollLimit > 0 else {
            isOpen = false
            return
        }
        switch key {
        case .up, .character("k"): scroll(by: -1)
        case .down, .character("j"): scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown: scroll(by: page)
        case .home, .character("g"): top = 0
        case .end, .character("G"): top = scrollLimit
        default: isOpen = false
        }
    }

    /// Over the box the wheel scrolls it and a click closes it (the wheel sideways does nothing).
    mutating func handle(_ event: MouseEvent) {
        if let delta = FullScreenMouse.wheelDelta(of: event) {
            scroll(by: delta)
        } else if !event.button.isWheel {
            isOpen = false
        }
    }

    private mutating func scroll(by delta: Int) {
        top = max(0, min(scrollLimit, top + delta))
    }
}
