import Domain
import Foundation

/// The picker's marks (Tab) and the sort key on the results screen.
extension ResultsViewState {
    /// Every row in the list's order: the service's, or the one chosen with the sort key (ties,
    /// and rows without the value last, keep the service's order).
    public var listOrder: [Int] {
        guard let order else { return Array(rows.indices) }
        return MusicVideoOrder(order).sorted(Array(rows.indices)) { rows[$0].video }
    }

    /// Tab: marks the selected row, or unmarks it.
    /// - Returns: Whether there was a row to mark.
    public mutating func toggleMark() -> Bool {
        guard let row = selectedRow else { return false }
        marks.toggle(rows[row].video.id)
        return true
    }

    /// What the picker writes on Enter: the marked rows in the list's order (hidden by the filter
    /// or not), else the selected row.
    public var pickedRows: [MusicVideosListItemViewModel] {
        marks.picked(from: listOrder.map { rows[$0] }, id: \.video.id, selected: selectedRow.map { rows[$0] })
    }

    /// The sort key: the next order (year, title, artist, duration, price, then the service's
    /// again), the selection staying on the same row.
    public mutating func cycleOrder() {
        let keys = MusicVideoOrder.Key.allCases
        if let order, let index = keys.firstIndex(of: order) {
            let next = keys.index(after: index)
            self.order = next < keys.endIndex ? keys[next] : nil
        } else {
            order = keys.first
        }
        let kept = selectedRow
        refilter()
        selection = kept.flatMap { visible.firstIndex(of: $0) } ?? 0
    }
}
