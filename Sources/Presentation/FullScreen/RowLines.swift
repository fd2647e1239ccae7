import Foundation

/// Where a full-screen list draws its rows in its body — below the title, the filter line when
/// one is set, and the column headers — for finding the row under a click. The results and the
/// other lists draw alike.
enum RowLines {
    /// The body line of the first row shown.
    static func first(hasFilter: Bool) -> Int { 2 + (hasFilter ? 1 : 0) }

    /// The position, among the `count` rows shown, of the row drawn on body line `line`, or `nil`
    /// where none is.
    /// - Parameters:
    ///   - first: The body line of the first row shown.
    ///   - top: The position of the first row shown.
    ///   - listHeight: How many rows the list showed at the last drawing.
    static func position(atLine line: Int, first: Int, top: Int, count: Int, listHeight: Int) -> Int? {
        let offset = line - first
        guard offset >= 0, offset < listHeight, top + offset < count else { return nil }
        return top + offset
    }
}
