import Domain
import Foundation

/// Reads a PNG file's header: the signature, then the IHDR chunk with the width and height. What
/// fails here is no PNG picture, and never reaches a terminal.
enum PNGImageMapper {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

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
        return Artwork(png: body, pixelWidth: width, pixelHeight: height)
    }
}
