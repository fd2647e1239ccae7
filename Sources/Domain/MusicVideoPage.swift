import Foundation

/// The videos of one page, and what is needed to ask for the next.
public struct MusicVideoPage: Equatable, Sendable {
    /// The query this page answers (validated and normalised).
    public let query: MusicVideoQuery
    /// The videos in the service's order.
    public let videos: [MusicVideo]
    /// How many rows the service returned, before rows that are not music videos were dropped;
    /// paging advances by this count.
    public let rowCount: Int

    public init(query: MusicVideoQuery, videos: [MusicVideo], rowCount: Int) {
        self.query = query
        self.videos = videos
        self.rowCount = rowCount
    }

    /// A full page suggests the service has more.
    public var hasNextPage: Bool { rowCount >= query.limit }

    /// The query for the page before, or `nil` on the first page.
    public var previousPageQuery: MusicVideoQuery? {
        guard query.offset > 0 else { return nil }
        var previous = query
        previous.offset = max(0, query.offset - query.limit)
        return previous
    }

    /// The query for the next page, or `nil` on the last page.
    public var nextPageQuery: MusicVideoQuery? {
        guard hasNextPage else { return nil }
        var next = query
        next.offset = query.offset + rowCount
        return next
    }
}
