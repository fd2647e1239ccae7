import Foundation
import TerminalUI

extension FullScreenListView {
    /// The wheel moves the selection, three rows a notch; a click on a row selects it, a double
    /// click opens it as Enter does. Clicks on the title, the headers or below the rows do nothing.
    public func handle(_ mouse: MouseEvent) -> Bool {
        if let delta = FullScreenMouse.wheelDelta(of: mouse) {
            state.rowNumber = RowNumberEntry()
            state.moveSelection(by: delta)
            return true
        }
        guard FullScreenMouse.isClick(mouse),
            let position = state.shownPosition(atLine: mouse.row, listHeight: pageHeight)
        else { return false }
        state.rowNumber = RowNumberEntry()
        state.select(shownPosition: position)
        if mouse.isDoubleClick {
            if state.filter?.isEditing == true { state.finishFilter() }  // the filter kept, as Enter keeps it
            _ = handle(.enter)  // then what Enter does on the row: open it, or pick in the picker
        }
        return true
    }
}
