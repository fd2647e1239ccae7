import Domain
import Foundation
import Networking

/// The Search API's parameters for a music-video search.
public struct MusicVideosRequestDTO: Equatable, Sendable {
    public let term: String
    public let country: String
    public let limit: Int
    public let offset: Int
    /// `artistTerm`, `songTerm` or `albumTerm`; `nil` searches every attribute.
    public let attribute: String?
    /// `"No"` leaves out explicit items; `nil` keeps the service's default.
    public let explicit: String?

    /// - Parameter query: A validated domain query.
    public init(query: MusicVideoQuery) {
        term = query.term
        country = query.country
        limit = query.limit
        offset = query.offset
        attribute =
            switch query.attribute {
            case .any: nil
            case .artist: "artistTerm"
            case .song: "songTerm"
            case .album: "albumTerm"
            }
        explicit = query.allowsExplicit ? nil : "No"
    }

    /// The query items, in a stable order (so equal searches give equal URLs).
    var queryItems: [QueryItem] {
        var items = [
            QueryItem(name: "term", value: term),
            QueryItem(name: "media", value: "musicVideo"),
            QueryItem(name: "entity", value: "musicVideo"),
            QueryItem(name: "country", value: country),
            QueryItem(name: "limit", value: String(limit)),
        ]
        if offset > 0 { items.append(QueryItem(name: "offset", value: String(offset))) }
        if let attribute { items.append(QueryItem(name: "attribute", value: attribute)) }
        if let explicit { items.append(QueryItem(name: "explicit", value: explicit)) }
        return items
    }
}
