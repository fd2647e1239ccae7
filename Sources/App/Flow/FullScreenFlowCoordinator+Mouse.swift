import Foundation
import Presentation
import TerminalUI

extension FullScreenFlowCoordinator {
    /// A mouse press or a notch of the wheel: over the help box the wheel scrolls it and a click
    /// closes it; otherwise the view on top has it (with its click count), and what it does not
    /// use does nothing. Releases and drags do nothing, and leave the status line's message alone.
    func handle(_ event: MouseEvent) {
        guard event.action == .press else { return }
        if status.clearNotice() { setNeedsDisplay() }
        if help.isOpen {
            layOutHelp()
            help.handle(event)
            setNeedsDisplay()
            return
        }
        guard let view = screens.top else { return }
        let counted = clicks.count(event, at: now(), context: ObjectIdentifier(view).hashValue)
        _ = view.handle(counted)
    }
}
