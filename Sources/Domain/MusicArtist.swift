import Foundation

/// An artist in the store who has music videos.
public struct MusicArtist: Identifiable, Equatable, Sendable {
    /// The store's artist id: what `ArtistMusicVideosQuery` looks up.
    public let id: Int
    /// The artist's name as the store writes it.
    public let name: String
    /// The artist's main genre, when the store gives one.
    public let genre: String?
    /// The artist's store page.
    public let url: URL?

    public init(id: Int, name: String, genre: String?, url: URL?) {
        self.id = id
        self.name = name
        self.genre = genre
        self.url = url
    }
}

/// Music-video artists whose name matches a term.
public typealias MusicArtistQuery = TermQuery
