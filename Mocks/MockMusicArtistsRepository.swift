import Domain
import Foundation

/// An artists repository that answers from a closure and records every query. Without a
/// closure, a call fails the test.
public final class MockMusicArtistsRepository: MusicArtistsRepository, Sendable {
    public typealias Handler = @Sendable (MusicArtistQuery) async throws(CatalogError) -> [MusicArtist]

    private let handler: Handler?
    private let recorded = Locked<[MusicArtistQuery]>([])

    /// - Parameter search: Answers `searchMusicArtists`.
    public init(search: Handler? = nil) {
        handler = search
    }

    /// The queries received, in order.
    public var searchedQueries: [MusicArtistQuery] { recorded.value }

    public func searchMusicArtists(query: MusicArtistQuery) async throws(CatalogError) -> [MusicArtist] {
        recorded.withLock { $0.append(query) }
        guard let handler else {
            reportUnimplemented("MockMusicArtistsRepository.searchMusicArtists(query:)")
            throw .cancelled
        }
        return try await handler(query)
    }

    /// Answers every search with these artists.
    public static func returning(_ artists: [MusicArtist]) -> MockMusicArtistsRepository {
        MockMusicArtistsRepository(search: { _ throws(CatalogError) in artists })
    }
}

/// An artist search use case that answers from a closure and records every query.
public final class MockSearchMusicArtistsUseCase: SearchMusicArtistsUseCase, Sendable {
    public typealias Handler = @Sendable (MusicArtistQuery) async throws(CatalogError) -> MusicArtistsPage

    private let handler: Handler?
    private let recorded = Locked<[MusicArtistQuery]>([])

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    public var executedQueries: [MusicArtistQuery] { recorded.value }

    public func execute(query: MusicArtistQuery) async throws(CatalogError) -> MusicArtistsPage {
        recorded.withLock { $0.append(query) }
        guard let handler else {
            reportUnimplemented("MockSearchMusicArtistsUseCase.execute(query:)")
            throw .cancelled
        }
        return try await handler(query)
    }
}

extension MusicArtist {
    /// An artist with plausible values; override what a test cares about.
    public static func stub(
        id: Int = 909_253, name: String = "Jack Johnson", genre: String? = "Rock",
        url: URL? = URL(string: "https://music.apple.com/us/artist/jack-johnson/909253")
    ) -> MusicArtist {
        MusicArtist(id: id, name: name, genre: genre, url: url)
    }
}
