import Foundation
import Presentation
import TerminalUI

extension FullScreenFlowCoordinator {
    /// The help's lines for the mouse, when the terminal reports it.
    static let mouseHelp: [(key: String, action: String)] = [
        ("wheel", "scroll the list, the details or this help"),
        ("click, double click", "select a row; what Enter does on it"),
    ]

    /// A mouse press or a notch of the wheel: over the help box the wheel scrolls it and a click
    /// closes it; otherwise the view on top has it (with its click count), and what it does not
    /// use does nothing. Releases and drags do nothing, and leave the status line's message alone.
    func handle(_ event: MouseEvent) {
        guard event.action == .press else { return }
        if notice != nil {
            notice = nil
            setNeedsDisplay()
        }
        if showsHelp {
            if let delta = FullScreenMouse.wheelDelta(of: event) {
                helpTop = max(0, min(helpScrollLimit, helpTop + delta))
            } else if !event.button.isWheel {
                showsHelp = false  // a click, as any key, closes it; the wheel sideways does nothing
            }
            setNeedsDisplay()
            return
        }
        guard let view = stack.last else { return }
        let counted = clicks.count(event, at: now(), context: ObjectIdentifier(view).hashValue)
        _ = view.handle(counted)
    }
}
