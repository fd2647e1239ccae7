import Domain
import Foundation

/// A search use case that answers from a closure and records every query.
public final class MockSearchMusicVideosUseCase: SearchMusicVideosUseCase, Sendable {
    public typealias Handler = @Sendable (MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage

    private let handler: Handler?
    private let recorded = Locked<[MusicVideoQuery]>([])

    /// - Parameter handler: Answers `execute`; `nil` fails the test if it is called.
    public init(handler: Handler? = nil) {
        self.handler = handler
    }

    public var executedQueries: [MusicVideoQuery] { recorded.value }

    public func execute(query: MusicVideoQuery) async throws(CatalogError) -> MusicVideoPage {
        recorded.withLock { $0.append(query) }
        guard let handler else {
            reportUnimplemented("MockSearchMusicVideosUseCase.execute(query:)")
            throw .cancelled
        }
        return try await handler(query)
    }
}
