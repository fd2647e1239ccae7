import Foundation

/// A PNG file's chunks, walked one by one after the signature: every length within the file and
/// every check sum right, the header first, image data present and in one run, the end last with
/// nothing after it. Of the ancillary chunks (those a decoder may skip), only the few small ones
/// that change how the picture looks are kept, and only so many: text, colour profiles and the
/// like — compressed ones among them, which can inflate a thousandfold — never reach a terminal.
struct PNGChunks {
    /// Why the chunks are refused.
    enum Problem: Error, Equatable {
        /// A length past the file's end, a check sum that does not match, chunks out of order.
        case damaged
        /// No `IDAT` chunk: nothing to draw.
        case noImageData
        /// More ancillary bytes or chunks than a picture needs.
        case tooMuchBesidesThePicture
    }

    /// The ancillary chunks kept: each small, none compressed, all about the pixels.
    static let keptAncillary: Set<String> = ["tRNS", "gAMA", "cHRM", "sRGB", "sBIT", "bKGD", "pHYs"]
    /// The most bytes all kept ancillary chunks may hold (a `tRNS` holds at most 256).
    static let maximumAncillaryBytes = 4096
    /// The most chunks walked: a real picture has a handful, its image data in a few dozen.
    static let maximumChunks = 4096

    /// The file again, its signature and the chunks kept, in their order.
    let png: Data
    /// How many bytes of image data (`IDAT`) the file holds, compressed.
    let imageDataBytes: Int
    /// The image data itself, in order (a zlib stream).
    let imageData: [UInt8]

    /// - Parameter bytes: The whole file, signature first (already checked).
    /// - Throws: `Problem`.
    init(walking bytes: [UInt8]) throws(Problem) {
        var kept = Array(bytes[0..<8])
        var imageData: [UInt8] = []
        var offset = 8
        var count = 0
        var ancillaryBytes = 0
        var sawImageData = false
        var imageDataEnded = false
        var sawEnd = false
        while offset < bytes.count {
            guard !sawEnd else { throw .damaged }  // something after IEND
            count += 1
            guard count <= Self.maximumChunks else { throw .tooMuchBesidesThePicture }
            guard bytes.count - offset >= 12 else { throw .damaged }
            let length = Self.number(bytes, at: offset)
            // At most 2³¹ − 1 (PNG's own limit), and within the file.
            guard length < 0x8000_0000, length <= bytes.count - offset - 12 else { throw .damaged }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .damaged
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let end = offset + 12 + length
            guard Self.crc(bytes[(offset + 4)..<(end - 4)]) == UInt32(Self.number(bytes, at: end - 4)) else {
                throw .damaged
            }
            guard count > 1 || (type == "IHDR" && length == 13) else { throw .damaged }
            if type == "IDAT" {
                guard !imageDataEnded else { throw .damaged }  // image data in one run
                sawImageData = true
                imageData += bytes[(offset + 8)..<(end - 4)]
            } else if sawImageData {
                imageDataEnded = true
            }
            let isAncillary = typeBytes.first.map { $0 & 0x20 != 0 } ?? false
            if !isAncillary {
                guard type == "IEND" || count == 1 || type == "IDAT" || type == "PLTE" else { throw .damaged }
                sawEnd = type == "IEND"
                kept += bytes[offset..<end]
            } else if Self.keptAncillary.contains(type) {
                ancillaryBytes += length
                guard ancillaryBytes <= Self.maximumAncillaryBytes else { throw .tooMuchBesidesThePicture }
                kept += bytes[offset..<end]
            }
            offset = end
        }
        guard sawEnd else { throw .damaged }
        guard sawImageData else { throw .noImageData }
        png = Data(kept)
        imageDataBytes = imageData.count
        self.imageData = imageData
    }

    /// The big-endian 32-bit number at `offset`.
    private static func number(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// CRC-32 as PNG computes it (ISO 3309), over a chunk's type and data.
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}
