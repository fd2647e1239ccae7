import Domain
import Foundation
import Testing

@testable import Data

/// Artwork is walked whole before a terminal gets it: every chunk's length and check sum, image
/// data present, only small ancillary chunks kept, and the image data inflated no further than
/// the size its header declares.
@Suite("PNG checks")
struct PNGChecksTests {
    /// A 4×4 red PNG, as zlib made it (the end-to-end tests' picture).
    static let red =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGNgYPiPhIjiAACOsw/xs6MvMwAAAABJRU5ErkJggg=="
        ) ?? Data()
    /// zlib's 991 bytes of 1,000,000 zeros: a bomb for a 4×4 picture, which needs 52 bytes.
    static let zeros = [UInt8](
        Data(base64Encoded: "eNrtwQEBAAAAgiD/r25IQAE" + String(repeating: "A", count: 1290) + "K8GQyEAAQ==") ?? Data())
    /// zlib's 285 bytes of 300 × (1 + 900) zeros: the image data of a black 300×300 RGB picture.
    static let black300 = [UInt8](
        Data(base64Encoded: "eNrtwQENAAAAwqD3T20ON6" + String(repeating: "A", count: 348) + "CAJwMgGAAB") ?? Data())

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body
            + withUnsafeBytes(of: PNGChunks.crc(body[...]).bigEndian, Array.init)
    }

    /// A PNG of `size`×`size` 8-bit RGB with these chunks between the header and the end.
    static func png(size: Int, _ middle: [UInt8]) -> Data {
        let side = withUnsafeBytes(of: UInt32(size).bigEndian, Array.init)
        let header = chunk("IHDR", side + side + [8, 2, 0, 0, 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + middle + chunk("IEND", []))
    }

    private func reason(_ body: Data) -> String? {
        do {
            _ = try PNGImageMapper.map(body)
            return nil
        } catch {
            guard case .unreadableResponse(let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test("Given whole PNGs made by zlib, then they are taken, as they are")
    func whole() throws {
        #expect(try PNGImageMapper.map(Self.red) == Artwork(png: Self.red, pixelWidth: 4, pixelHeight: 4))
        let black = Self.png(size: 300, Self.chunk("IDAT", Self.black300))
        #expect(try PNGImageMapper.map(black).png == black)
    }

    @Test(
        "Given image data that inflates far past the size its header gives (a bomb), then it is refused, after no more than that size"
    )
    func bomb() {
        #expect(
            reason(Self.png(size: 4, Self.chunk("IDAT", Self.zeros)))
                == "the artwork's PNG image data inflates past its size")
        // Less than the header gives is no whole picture either.
        #expect(
            reason(Self.png(size: 400, Self.chunk("IDAT", Self.black300)))
                == "the artwork's PNG image data is cut short")
    }

    @Test(
        "Given a chunk with a wrong check sum, a length past the end or of 2 GiB, or no image data, then it is refused")
    func damaged() {
        var badCRC = [UInt8](Self.png(size: 300, Self.chunk("IDAT", Self.black300)))
        badCRC[33 + 12 + 10] ^= 0xFF  // a byte of the image data
        #expect(reason(Data(badCRC)) == "the artwork's PNG file is damaged")
        let huge = [0x80, 0, 0, 0] + Array("tEXt".utf8) + [0, 0, 0, 0]
        #expect(reason(Self.png(size: 4, huge + Self.chunk("IDAT", Self.zeros))) == "the artwork's PNG file is damaged")
        #expect(reason(Self.png(size: 4, [])) == "the artwork's PNG file has no image data")
        // Image data in two runs, something between them.
        let split = Self.chunk("IDAT", []) + Self.chunk("gAMA", [0, 0, 0, 1]) + Self.chunk("IDAT", Self.black300)
        #expect(reason(Self.png(size: 300, split)) == "the artwork's PNG file is damaged")
    }

    @Test(
        "Given text and colour-profile chunks (compressed ones inflate a thousandfold), then they are left out of what a terminal gets; small ancillary chunks are kept, within a cap"
    )
    func ancillary() throws {
        let text = Self.chunk("zTXt", Array("Comment".utf8) + [0, 0] + Self.zeros)
        let profile = Self.chunk("iCCP", Array("icc".utf8) + [0, 0] + Self.zeros)
        let gamma = Self.chunk("gAMA", [0, 0, 0xB1, 0x8F])
        let artwork = try PNGImageMapper.map(
            Self.png(size: 300, text + profile + gamma + Self.chunk("IDAT", Self.black300)))
        #expect(artwork.png == Self.png(size: 300, gamma + Self.chunk("IDAT", Self.black300)))
        let large = Self.chunk("tRNS", [UInt8](repeating: 0, count: 5000))
        #expect(
            reason(Self.png(size: 300, large + Self.chunk("IDAT", Self.black300)))
                == "the artwork's PNG file carries too much besides the picture")
    }

    @Test("The image data's size comes from the header: depth, colour type and interlacing")
    func rawSizes() {
        #expect(PNGImageMapper.rawSize(width: 4, height: 4, header: [8, 2, 0, 0, 0]) == 4 * (1 + 12))
        #expect(PNGImageMapper.rawSize(width: 3, height: 2, header: [1, 0, 0, 0, 0]) == 2 * (1 + 1))
        #expect(PNGImageMapper.rawSize(width: 10, height: 10, header: [16, 6, 0, 0, 0]) == 10 * (1 + 80))
        // Adam7 on 8×8 RGBA: passes of 1×1, 1×1, 2×1, 2×2, 4×2, 4×4, 8×4.
        let passes = [(1, 1), (1, 1), (2, 1), (2, 2), (4, 2), (4, 4), (8, 4)]
        #expect(
            PNGImageMapper.rawSize(width: 8, height: 8, header: [8, 6, 0, 0, 1])
                == passes.reduce(0) { $0 + $1.1 * (1 + $1.0 * 4) })
        #expect(PNGImageMapper.rawSize(width: 4, height: 4, header: [8, 5, 0, 0, 0]) == nil)
        #expect(PNGImageMapper.rawSize(width: 4, height: 4, header: [3, 2, 0, 0, 0]) == nil)
    }
}
