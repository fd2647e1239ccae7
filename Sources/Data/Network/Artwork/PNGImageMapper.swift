import Domain
import Foundation

/// Reads a PNG file's header — the signature, then the IHDR chunk with the width and height — and
/// checks it is whole (it ends with the IEND chunk) and of a size a terminal is asked to draw. What
/// fails here is no picture to show, and never reaches a terminal.
enum PNGImageMapper {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The last chunk of every PNG file: length 0, `IEND`, its CRC.
    private static let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    /// The most pixels a side: twice the largest size asked for. A larger picture (a server that
    /// ignores the size in the URL) would have the terminal decode and scale megapixels per move.
    static let maximumSide = 1200

    /// - Parameter body: The answer's bytes.
    /// - Returns: The artwork.
    /// - Throws: `CatalogError.unreadableResponse` when the bytes are not a PNG file.
    static func map(_ body: Data) throws(CatalogError) -> Artwork {
        let bytes = [UInt8](body.prefix(24))
        // 8 signature, 4 length, "IHDR", 4 width, 4 height.
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw .unreadableResponse(reason: "the artwork is not a PNG picture")
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0 else {
            throw .unreadableResponse(reason: "the artwork's PNG header gives no size")
        }
        guard width <= maximumSide, height <= maximumSide else {
            throw .unreadableResponse(reason: "the artwork is \(width)×\(height) pixels, over \(maximumSide) a side")
        }
        guard body.count >= 24 + end.count, body.suffix(end.count).elementsEqual(end) else {
            throw .unreadableResponse(reason: "the artwork's PNG file is cut short")
        }
        return Artwork(png: body, pixelWidth: width, pixelHeight: height)
    }
}
