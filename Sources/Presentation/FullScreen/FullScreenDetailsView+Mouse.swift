import Foundation
import TerminalUI

extension FullScreenDetailsView {
    /// The wheel scrolls the fields, three lines a notch; clicks do nothing here.
    public func handle(_ mouse: MouseEvent) -> Bool {
        guard let delta = FullScreenMouse.wheelDelta(of: mouse), !state.rows.isEmpty else { return false }
        state.scroll(by: delta, columns: size.columns, rows: size.rows)
        return true
    }
}
