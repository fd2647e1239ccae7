import Domain
import Foundation

/// Reads a PNG file's header — the signature, then the IHDR chunk with the width and height — and
/// checks it is whole (it ends with the IEND chunk) and of a size a terminal is asked to draw; then
/// walks its chunks (`PNGChunks`: lengths, check sums, image data present, only small ancillary
/// chunks kept) and inflates its image data as far as the header's size allows, no further
/// (`BoundedInflater`), so that no file can make a terminal inflate more than the picture it
/// declares. What fails here is no picture to show, and never reaches a terminal.
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
        let file = [UInt8](body)
        let chunks: PNGChunks
        do {
            chunks = try PNGChunks(walking: file)
        } catch {
            switch error {
            case .damaged: throw .unreadableResponse(reason: "the artwork's PNG file is damaged")
            case .noImageData: throw .unreadableResponse(reason: "the artwork's PNG file has no image data")
            case .tooMuchBesidesThePicture:
                throw .unreadableResponse(reason: "the artwork's PNG file carries too much besides the picture")
            }
        }
        guard let size = rawSize(width: width, height: height, header: file[24..<29]) else {
            throw .unreadableResponse(reason: "the artwork's PNG header is not one of PNG's")
        }
        let inflated: Int
        do {
            inflated = try BoundedInflater.inflatedSize(of: chunks.imageData, limit: size)
        } catch {
            switch error {
            case .tooLarge: throw .unreadableResponse(reason: "the artwork's PNG image data inflates past its size")
            case .invalid: throw .unreadableResponse(reason: "the artwork's PNG file is damaged")
            }
        }
        guard inflated == size else {
            throw .unreadableResponse(reason: "the artwork's PNG image data is cut short")
        }
        return Artwork(png: chunks.png, pixelWidth: width, pixelHeight: height)
    }

    /// How many bytes the image data inflates to, from the header: a filter byte and the pixels
    /// of every row, of every interlaced pass; `nil` for a bit depth and colour type PNG does not
    /// know.
    /// - Parameter header: The header's bit depth, colour type, compression, filter and interlace.
    static func rawSize(width: Int, height: Int, header: ArraySlice<UInt8>) -> Int? {
        let fields = Array(header)
        guard fields.count == 5, fields[2] == 0, fields[3] == 0, fields[4] <= 1 else { return nil }
        let depth = Int(fields[0])
        let channels: Int
        switch (fields[1], depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): channels = 1
        case (3, 1), (3, 2), (3, 4), (3, 8): channels = 1
        case (2, 8), (2, 16): channels = 3
        case (4, 8), (4, 16): channels = 2
        case (6, 8), (6, 16): channels = 4
        default: return nil
        }
        let bits = channels * depth
        func bytes(_ columns: Int, _ rows: Int) -> Int {
            columns == 0 || rows == 0 ? 0 : rows * (1 + (columns * bits + 7) / 8)
        }
        guard fields[4] == 1 else { return bytes(width, height) }
        // Adam7: seven passes, each a smaller picture of its own.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, pass in
            let (column, row, columnStep, rowStep) = pass
            return total
                + bytes(
                    (width - column + columnStep - 1) / columnStep, (height - row + rowStep - 1) / rowStep)
        }
    }
}
