import Foundation
import TerminalUI

extension FullScreenSearchView {
    /// A click on a recent search puts it in the field, as ↑ does when it gets there; a double
    /// click searches for it again. The wheel does nothing here (↑/↓ go through the searches
    /// newest to oldest, which is down the list: a wheel going the other way would confuse).
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
