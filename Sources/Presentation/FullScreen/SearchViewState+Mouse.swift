import Foundation
import TerminalUI

extension SearchViewState {
    /// The body line the first recent search is drawn on, as `render` draws them.
    public static let firstRecentSearchLine = 5

    /// The recent search drawn on body line `line` of a body `rows` high, as an index into
    /// `recentSearches`, when one is drawn there.
    public func recentSearch(atLine line: Int, rows: Int) -> Int? {
        guard rows > Self.firstRecentSearchLine, line < rows else { return nil }
        let index = line - Self.firstRecentSearchLine
        return recentSearches.indices.contains(index) ? index : nil
    }

    /// Recalls this recent search into the field, as ↑ does when it gets there.
    public mutating func recall(at index: Int) {
        guard recentSearches.indices.contains(index) else { return }
        if recalled == nil { draft = field.text }
        recalled = index
        field.replace(with: recentSearches[index])
    }
}
