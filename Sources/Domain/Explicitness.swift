import Foundation

/// The store's parental-advisory marking of an item.
public enum Explicitness: String, Sendable, Equatable {
    case explicit
    /// An edited version of explicit content.
    case cleaned
    case notExplicit
    /// The answer did not say.
    case unknown

    /// Whether the item carries an explicit-content advisory.
    public var isExplicit: Bool { self == .explicit }
}
