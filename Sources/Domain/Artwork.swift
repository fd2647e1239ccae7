import Foundation

/// A music video's artwork as a picture: the bytes of a PNG file and its size in pixels.
public struct Artwork: Equatable, Sendable {
    /// The PNG file.
    public let png: Data
    public let pixelWidth: Int
    public let pixelHeight: Int

    public init(png: Data, pixelWidth: Int, pixelHeight: Int) {
        self.png = png
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
