import Foundation
import TerminalUI

extension ListViewState {
    /// The body line the first row shown is drawn on: below the title, the filter (when one is
    /// set) and the column headers, as `render` draws them.
    public var firstRowLine: Int { RowLines.first(hasFilter: filter != nil) }

    /// The row drawn on body line `line`, as an index into `shown`, when one is drawn there.
    /// - Parameters:
    ///   - line: A line of the body, from 0.
    ///   - listHeight: How many rows the list showed (`listHeight(rows:)` at the last drawing).
    public func shownPosition(atLine line: Int, listHeight: Int) -> Int? {
        RowLines.position(atLine: line, first: firstRowLine, top: top, count: shown.count, listHeight: listHeight)
    }

    /// Selects the row at this position of `shown` (a row drawn on screen).
    public mutating func select(shownPosition position: Int) {
        guard shown.indices.contains(position) else { return }
        moveSelection(by: position - selection)
    }
}
