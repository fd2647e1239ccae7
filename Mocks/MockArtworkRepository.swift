import Domain
import Foundation

/// An artwork repository that answers from a closure and records every request.
public final class MockArtworkRepository: ArtworkRepository, Sendable {
    public typealias Handler = @Sendable (_ url: URL, _ pixelSize: Int) async throws(CatalogError) -> Artwork?

    private let artworkCalls: CallRecorder<ArtworkRequest, Artwork?>

    /// One request: the URL and the size asked for.
    public struct ArtworkRequest: Equatable, Sendable {
        public let url: URL
        public let pixelSize: Int

        public init(url: URL, pixelSize: Int) {
            self.url = url
            self.pixelSize = pixelSize
        }
    }

    /// - Parameter artwork: Answers `artwork(at:pixelSize:)`; `nil` fails the test if it is called.
    public init(artwork: Handler? = nil) {
        var answer: CallRecorder<ArtworkRequest, Artwork?>.Handler?
        if let artwork {
            answer = { @Sendable request throws(CatalogError) in try await artwork(request.url, request.pixelSize) }
        }
        artworkCalls = CallRecorder("MockArtworkRepository.artwork(at:pixelSize:)", handler: answer)
    }

    /// Every request, in order.
    public var requests: [ArtworkRequest] { artworkCalls.queries }

    public func artwork(at url: URL, pixelSize: Int) async throws(CatalogError) -> Artwork? {
        try await artworkCalls(ArtworkRequest(url: url, pixelSize: pixelSize))
    }
}
