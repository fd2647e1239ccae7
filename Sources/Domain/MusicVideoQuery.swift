import Foundation

/// What to search for. Build it from raw input; `SearchMusicVideosUseCase` validates and
/// normalises it before anything is sent.
public struct MusicVideoQuery: Equatable, Hashable, Sendable {
    /// Which field of a video the term must match.
    public enum Attribute: String, CaseIterable, Sendable {
        case any, artist, song, album
    }

    /// The words to search for, as typed.
    public var term: String
    /// Two-letter store country (ISO 3166-1 alpha-2).
    public var country: String
    /// Results per page.
    public var limit: Int
    /// Results to skip before the first one returned.
    public var offset: Int
    public var attribute: Attribute
    /// Whether explicit videos may be returned.
    public var allowsExplicit: Bool

    public init(
        term: String,
        country: String = MusicVideoQuery.defaultCountry,
        limit: Int = MusicVideoQuery.defaultLimit,
        offset: Int = 0,
        attribute: Attribute = .any,
        allowsExplicit: Bool = true
    ) {
        self.term = term
        self.country = country
        self.limit = limit
        self.offset = offset
        self.attribute = attribute
        self.allowsExplicit = allowsExplicit
    }

    /// The store used when no country is given.
    public static let defaultCountry = "US"
    /// Results per page when no limit is given.
    public static let defaultLimit = 25
    /// The service answers at most this many results per request.
    public static let limitRange = QueryValidation.limitRange
    /// Longer terms are refused rather than sent.
    public static let maximumTermLength = QueryValidation.maximumTermLength
}
