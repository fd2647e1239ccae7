import Domain
import Foundation
import TerminalUI

/// An order to show music videos in. The service answers in an order of its own (its idea of
/// relevance) and offers no other, so this sorts the videos already fetched: by one key, in that
/// key's natural direction — the newest first for the year, A to Z for texts, the shortest and the
/// cheapest first — or the other way round. The sort is stable, so videos that tie keep the
/// service's order, and a video without the value (no release date, not sold on its own) comes
/// last whichever the direction.
public struct MusicVideoOrder: Equatable, Sendable {
    /// What the videos are ordered by.
    public enum Key: String, CaseIterable, Sendable {
        /// The release date, the newest first.
        case year
        /// The title, A to Z, ignoring case and accents.
        case title
        /// The artist's name, A to Z, ignoring case and accents.
        case artist
        /// The length, the shortest first.
        case duration
        /// The price of the video alone, the cheapest first.
        case price
    }

    public let key: Key
    /// The other way round from the key's natural direction (missing values stay last).
    public let isReversed: Bool

    public init(_ key: Key, reversed: Bool = false) {
        self.key = key
        isReversed = reversed
    }

    /// - Parameter videos: Videos in the service's order.
    /// - Returns: The same videos in this order.
    public func sorted(_ videos: [MusicVideo]) -> [MusicVideo] {
        sorted(videos) { $0 }
    }

    /// Puts anything that shows a video (a row, a chart entry) in the order of its videos.
    /// - Parameters:
    ///   - elements: In the service's order.
    ///   - video: The video an element shows.
    /// - Returns: The same elements in this order.
    public func sorted<Element>(_ elements: [Element], by video: (Element) -> MusicVideo) -> [Element] {
        let videos = elements.map(video)
        let descending = (key == .year) != isReversed
        let order: [Int] =
            switch key {
            case .year: Self.indices(videos.map(\.releaseDate), descending: descending)
            case .title: Self.indices(videos.map { TextSortKey($0.title) }, descending: descending)
            case .artist: Self.indices(videos.map { $0.artistName.map(TextSortKey.init) }, descending: descending)
            case .duration: Self.indices(videos.map(\.duration), descending: descending)
            case .price: Self.indices(videos.map(\.price), descending: descending)
            }
        return order.map { elements[$0] }
    }

    /// The positions of `keys` in order: present keys by value (ties by position), then the
    /// missing ones by position.
    private static func indices<Value: Comparable>(_ keys: [Value?], descending: Bool) -> [Int] {
        keys.indices.sorted { first, second in
            switch (keys[first], keys[second]) {
            case (let a?, let b?) where a != b: descending ? a > b : a < b
            case (.some, nil): true
            case (nil, .some): false
            default: first < second
            }
        }
    }
}

/// A text as it is ordered: folded as the filter folds it, without case or accents (`Émilie`
/// beside `emilie`, before `Zoë`), the text itself breaking ties.
private struct TextSortKey: Comparable {
    let folded: String
    let text: String

    init(_ text: String) {
        self.text = text
        folded = TextFolding.fold(text)
    }

    static func < (lhs: TextSortKey, rhs: TextSortKey) -> Bool {
        (lhs.folded, lhs.text) < (rhs.folded, rhs.text)
    }
}
