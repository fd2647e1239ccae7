import Foundation
import TerminalUI

extension FullScreenSearchView {
    /// A click on a recent search puts it in the field, as ↑ does when it gets there; a double
    /// click searches for it again. The wheel does nothing here (↑ walks back through the
    /// searches, which is down the list as drawn: a wheel would go against one or the other).
    public func handle(_ mouse: MouseEvent) -> Bool {
        guard FullScreenMouse.isClick(mouse), let index = state.recentSearch(atLine: mouse.row, rows: bodyRows)
        else { return false }
        state.recall(at: index)
        if mouse.isDoubleClick {
            state.recalled = nil
            viewModel.didSelectRecentSearch(at: index)
        }
        return true
    }
}
