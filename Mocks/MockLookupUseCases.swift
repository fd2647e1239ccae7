import Domain
import Foundation

/// A lookup use case that answers from a closure and records every query.
public final class MockFetchMusicVideoUseCase: FetchMusicVideoUseCase, @unchecked Sendable {
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
public final class MockFetchArtistMusicVideosUseCase: FetchArtistMusicVideosUseCase, @unchecked Sendable {
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

/// Recent searches in memory, newest first, with the same rules as the file-backed repository.
public actor InMemoryRecentSearchesRepository: RecentSearchesRepository {
    public private(set) var terms: [String]

    public init(_ terms: [String] = []) {
        self.terms = terms
    }

    public func recentSearches() async -> [String] { terms }

    public func save(_ term: String) async {
        terms.removeAll { $0.caseInsensitiveCompare(term) == .orderedSame }
        terms.insert(term, at: 0)
        terms = Array(terms.prefix(20))
    }

    /// Set to make `clear` fail with it.
    public var clearError: RecentSearchesError?

    public func failClearing(with error: RecentSearchesError) { clearError = error }

    public func clear() async throws(RecentSearchesError) {
        if let clearError { throw clearError }
        terms.removeAll()
    }
}
