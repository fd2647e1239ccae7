import Foundation
import TerminalUI

extension FullScreenResultsView {
    /// The wheel moves the selection as ↑/↓ do, three rows a notch (past the last row it loads
    /// the next page); a click on a row selects it, a double click opens its details. Clicks on
    /// the title, the headers, the preview or below the rows do nothing.
    public func handle(_ mouse: MouseEvent) -> Bool {
        if let delta = FullScreenMouse.wheelDelta(of: mouse) {
            state.rowNumber = RowNumberEntry()
            if delta < 0 {
                _ = state.moveSelection(by: delta)
            } else {
                move(by: delta)
            }
            reportViewport()
            return true
        }
        guard FullScreenMouse.isClick(mouse), mouse.column < state.split(columns: width).list,
            let position = state.visiblePosition(atLine: mouse.row, listHeight: pageHeight)
        else { return false }
        state.rowNumber = RowNumberEntry()
        state.select(visiblePosition: position)
        reportViewport()
        if mouse.isDoubleClick {
            if state.isEditingFilter { state.finishFilter() }  // the filter kept, as Enter keeps it
            _ = handle(.enter)  // then what Enter does on the row: open it, or pick in the picker
        }
        return true
    }
}
