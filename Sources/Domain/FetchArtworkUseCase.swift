import Foundation

/// Fetches a video's artwork as a picture of about the size it is shown at.
public protocol FetchArtworkUseCase: Sendable {
    /// - Parameters:
    ///   - url: The artwork URL a video names.
    ///   - pixelSize: The width and height it is shown at, in pixels.
    /// - Returns: The picture; `nil`, without a request, for a URL that is not http(s), and when
    ///   the URL names no artwork that comes as PNG.
    /// - Throws: The repository's error.
    func execute(url: URL, pixelSize: Int) async throws(CatalogError) -> Artwork?
}

/// Keeps requests to web URLs and to the sizes the store makes, then asks the repository.
public struct DefaultFetchArtworkUseCase: FetchArtworkUseCase {
    /// The sizes asked for: large enough for a preview pane, small enough to send to a terminal
    /// many times a minute.
    public static let pixelSizes: ClosedRange<Int> = 60...600

    private let repository: any ArtworkRepository

    /// - Parameter repository: Where artwork comes from.
    public init(repository: any ArtworkRepository) {
        self.repository = repository
    }

    public func execute(url: URL, pixelSize: Int) async throws(CatalogError) -> Artwork? {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil else {
            return nil
        }
        let size = min(max(pixelSize, Self.pixelSizes.lowerBound), Self.pixelSizes.upperBound)
        return try await repository.artwork(at: url, pixelSize: size)
    }
}
