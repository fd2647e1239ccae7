import Domain
import Foundation

/// A lookup use case that answers from a closure and records every query.
public final class MockFetchMusicVideoUseCase: FetchMusicVideoUseCase, Sendable {
    public typealias Handler = @Sendable (MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo?

    private let handler: Handler?
    private let recorded = Locked<[MusicVideoLookupQuery]>([])

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    public var executedQueries: [MusicVideoLookupQuery] { recorded.value }

    public func execute(query: MusicVideoLookupQuery) async throws(CatalogError) -> MusicVideo? {
        recorded.withLock { $0.append(query) }
        guard let handler else {
            reportUnimplemented("MockFetchMusicVideoUseCase.execute(query:)")
            throw .cancelled
        }
        return try await handler(query)
    }
}

/// An artist-videos use case that answers from a closure and records every query.
public final class MockFetchArtistMusicVideosUseCase: FetchArtistMusicVideosUseCase, Sendable {
    public typealias Handler = @Sendable (ArtistMusicVideosQuery) async throws(CatalogError) -> ArtistMusicVideosPage

    private let handler: Handler?
    private let recorded = Locked<[ArtistMusicVideosQuery]>([])

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    public var executedQueries: [ArtistMusicVideosQuery] { recorded.value }

    public func execute(query: ArtistMusicVideosQuery) async throws(CatalogError) -> ArtistMusicVideosPage {
        recorded.withLock { $0.append(query) }
        guard let handler else {
            reportUnimplemented("MockFetchArtistMusicVideosUseCase.execute(query:)")
            throw .cancelled
        }
        return try await handler(query)
    }
}
