import Foundation

/// Where artwork pictures come from. The store allows its artwork to be shown, never kept: an
/// implementation holds nothing on disk.
public protocol ArtworkRepository: Sendable {
    /// - Parameters:
    ///   - url: The artwork URL a video names (`MusicVideo.artworkURL`).
    ///   - pixelSize: The width and height wanted, in pixels.
    /// - Returns: The picture, as PNG; `nil` when the URL names no artwork that comes as PNG.
    /// - Throws: `CatalogError`: the transfer failed, or the answer is no PNG picture
    ///   (`unreadableResponse`).
    func artwork(at url: URL, pixelSize: Int) async throws(CatalogError) -> Artwork?
}
