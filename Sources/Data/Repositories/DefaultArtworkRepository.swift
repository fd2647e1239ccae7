import Domain
import Foundation
import Networking

/// Artwork from the store's image server, as PNG. Give it a data transfer service without the
/// response cache: the store's terms allow showing artwork, not keeping it.
public struct DefaultArtworkRepository: ArtworkRepository {
    private let dataTransferService: any DataTransferService

    /// - Parameter dataTransferService: Requests and decodes endpoints; never a caching one.
    public init(dataTransferService: any DataTransferService) {
        self.dataTransferService = dataTransferService
    }

    public func artwork(at url: URL, pixelSize: Int) async throws(CatalogError) -> Artwork? {
        guard let endpoint = APIEndpoints.artwork(at: url, pixelSize: pixelSize) else { return nil }
        return try PNGImageMapper.map(try await dataTransferService.fetch(endpoint))
    }
}
