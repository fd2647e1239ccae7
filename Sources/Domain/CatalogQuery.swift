import Foundation

/// What every query of the catalogue offers, whatever it asks for (a term, an id, a chart):
/// its own rules. A use case checks them before anything is sent, and the command line checks
/// them before any screen is made, so a bad value is refused in one place and worded once.
public protocol CatalogQuery: Equatable, Sendable {
    /// - Returns: The query as it will be sent, normalised.
    /// - Throws: The first `QueryProblem` found.
    func validated() throws(QueryProblem) -> Self
}

extension TermQuery: CatalogQuery {}
extension MusicVideoQuery: CatalogQuery {}
extension MusicVideoLookupQuery: CatalogQuery {}
extension ArtistMusicVideosQuery: CatalogQuery {}
extension RelatedMusicVideosQuery: CatalogQuery {}
