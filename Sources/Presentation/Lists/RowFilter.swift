import Foundation
import TerminalUI

/// The `/` filter of a full-screen list, as in fzf: the text typed, whether keys go to it, and
/// the rows that match it (`FuzzyPattern`), best first, with the characters each matched.
public struct RowFilter: Equatable, Sendable {
    public private(set) var field = LineEditor()
    /// Whether keys are typed into the filter (until Enter keeps it or Esc clears it).
    public var isEditing = true
    /// Indices of the rows that match, best first; every row, in order, while the text is empty.
    public private(set) var order: [Int] = []
    /// The characters matched, by row index, then by the row's field.
    public private(set) var matches: [Int: [[Int]]] = [:]

    public init() {}

    public var text: String { field.text }

    /// Applies an editing key; the caller then matches the rows again (`apply`).
    /// - Returns: `false` when the key does not edit text.
    public mutating func edit(_ key: Key) -> Bool {
        field.handle(key)
    }

    /// Matches the rows, each given as its fields' texts.
    public mutating func apply(to candidates: [[String]]) {
        let pattern = FuzzyPattern(field.text)
        guard !pattern.isEmpty else {
            order = Array(candidates.indices)
            matches = [:]
            return
        }
        let ranked = pattern.rank(candidates)
        order = ranked.map(\.index)
        matches = Dictionary(uniqueKeysWithValues: ranked.map { ($0.index, $0.match.positions) })
    }

    /// The filter's line: `/text  13/18`, and where the cursor stands while typing.
    public func line(columns: Int, total: Int) -> (line: FrameLine, cursorColumn: Int?) {
        var line = FrameLine(columns: columns)
        line.append("/", .bold)
        line.append(field.text)
        line.append("  \(order.count)/\(total)", .dim)
        guard isEditing else { return (line, nil) }
        let before = field.characters[0..<field.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        return (line, min(columns - 1, 1 + before))
    }
}
