import Domain
import Foundation
import XCTest

@testable import Data

/// Artwork as a server may send it (`PNGImageMapper.map`: the header, the chunk walk and the
/// bounded inflater): real PNGs of every colour type, depth and interlacing, mutated chunk by
/// chunk with their check sums made right again (so that the walk lets them through to the
/// inflater: headers with other sizes and depths, image data flipped, cut, repeated or replaced
/// by stored and fixed-code blocks, chunks repeated, dropped, swapped or added), and then byte
/// by byte. Each is artwork or `.unreadableResponse`; artwork is no larger than its file, of a
/// size it may have, a PNG, and read again it is the same artwork.
final class PNGFuzzTests: XCTestCase {
    static let seeds: [String] = [
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGNgYPiPhIjiAACOsw/xs6MvMwAAAABJRU5ErkJggg==",
        "iVBORw0KGgoAAAANSUhEUgAAAAMAAAAFCAAAAAClGgl+AAAAHElEQVR4AWNiYOdjZOYSZGbjFWHgFBBn4BGWAgAGYADKtAEvmwAAAABJRU5ErkJggg==",
        "iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAYAAACNiR0NAAABg0lEQVR42mNhYOcTlVHWMrSwd/MNiU7KLCiva+2ZPGvhivXb9h45fenmg+fvvv5h5hKUkFfTNbF28gwIj0vNKa5q7OifNnfJ6k07Dxw/d/XO41cff/xn4xWRVtJkIEGtgbmdq09wVGJGflltS/ekmQuWr9u65/CpizfuP3v75TcTp4C4nKoOEwlqja0cPfzDYlOyiyob2vumzlm8auOO/cfOXrn96OWH7/9YeYSlFDX0WUhQa2br4h0UmZCeV1rT3DVxxvxla7fsPnTywvV7T998/sXIwS8mq6JtxECCWksHd7/QmOSswor6tt4psxet3LB939Ezl289fPH+218WbiFJBXU9UxYS1No4ewVGxKflllQ3dU6YPm/pms27Dp44f+3uk9effsLjlpEEtUSlAwaqphlg3DJQNc0A45aZqmkGGLfMVE0zwLhloGqaAcYtI1XTDDBuGaiaZoBxy0LVNAOMW2aqphlg3DJQNc0A45aFqmkGGLcMVE0zwLhlpGqaAcYtAJlM84Hl4DvUAAAAAElFTkSuQmCC",
        "iVBORw0KGgoAAAANSUhEUgAAAAcAAAAHCAYAAAGzVWdFAAAA3UlEQVR42gHSAC3/BB/LGXEARJTWSQQ8nVw0YL4xIAQeaf7aoO7ouQJ/XHwpmf2v5QIlPNZUr0361xQnoK6z/ukjAIryIR+e5JHFsQvstVY7/B4Bk0J+y8j+KVXlzY5GA47Ut8J2TSpaTXZ3BgNdhpACSta9o0Ab6cgDzMk19s0fYSJq4VM4Aho0AE0zug0kasBMgbG68j47+e71958rSTSvh/UBC2m5Sw2YLoW7VbZyqHJjes10Zvy2Dg6P8YRjsAOyuilwNHTwZKxo9wD1sCs9xmb0W96qLMrtzStRaZtkxB6axu0AAAAASUVORK5CYII=",
        "iVBORw0KGgoAAAANSUhEUgAAAAkAAAADAQMAAAB7xLc1AAAABlBMVEUAAAD///+l2Z/dAAAAAXRSTlMAQObYZgAAABFJREFUeJxjZGBnZOZiYOMFAACZACpJkNloAAAAAElFTkSuQmCC",
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAEEAIAAAB2A9VqAAAABGdBTUEAALGPC/xhBQAAAG9JREFUeAEBZACb/wEABw4VHCMqMTg/Rk1UW2JpcHd+hYyTmqEEAwoRGB8mLTQ7QklQV15lbHN6gYiPlp2kAwYNFBsiKTA3PkVMU1phaG92fYSLkpmgpwEJEBceJSwzOkFIT1ZdZGtyeYCHjpWco6qbvh/qLdHy9gAAAABJRU5ErkJggg==",
    ]
    static let pictures: [[UInt8]] = seeds.compactMap { Data(base64Encoded: $0).map { [UInt8]($0) } }

    func testSeedsAreArtwork() throws {
        XCTAssertEqual(Self.pictures.count, Self.seeds.count)
        for picture in Self.pictures { XCTAssertNoThrow(try PNGImageMapper.map(Data(picture))) }
    }

    func testPicturesAreArtworkOrUnreadable() {
        let mutator = ByteMutator(
            dictionary: [Array("IDAT".utf8), Array("IEND".utf8), [0x78, 0x9C], [0xFF, 0xFF, 0xFF, 0xFF]],
            maximumLength: 1 << 20)
        Fuzzer.run("png") { random in
            var chunks = PNGChunkList(random.pick(Self.pictures))
            for _ in 0..<(1 + random.below(3)) { chunks.mutate(using: &random) }
            var bytes = chunks.bytes(fixingChecks: !random.oneIn(8))
            if random.oneIn(6) { mutator.mutate(&bytes, rounds: 2, using: &random) }
            return bytes
        } check: { input in
            try Self.check(input)
        }
    }

    static func check(_ input: [UInt8]) throws -> String {
        let artwork: Artwork
        do {
            artwork = try PNGImageMapper.map(Data(input))
        } catch {
            guard case .unreadableResponse(let reason) = error else { throw FuzzViolation("thrown \(error)") }
            return String(reason.split(separator: " ").suffix(3).joined(separator: "-"))
        }
        guard artwork.png.count <= input.count, artwork.png.starts(with: input.prefix(8)) else {
            throw FuzzViolation("artwork of \(artwork.png.count) bytes from \(input.count)")
        }
        guard (1...PNGImageMapper.maximumSide).contains(artwork.pixelWidth),
            (1...PNGImageMapper.maximumSide).contains(artwork.pixelHeight)
        else { throw FuzzViolation("artwork of \(artwork.pixelWidth)×\(artwork.pixelHeight)") }
        guard (try? PNGImageMapper.map(artwork.png)) == artwork else {
            throw FuzzViolation("artwork read again is not the same artwork")
        }
        return "artwork"
    }
}

/// A PNG as its chunks, to mutate a chunk at a time and write out with right check sums.
struct PNGChunkList {
    var signature: [UInt8]
    var chunks: [(type: [UInt8], data: [UInt8])] = []
    /// A declared length to write instead of the real one, for one chunk.
    var lyingLength: (index: Int, length: UInt32)?

    init(_ file: [UInt8]) {
        signature = Array(file.prefix(8))
        var offset = 8
        while offset + 12 <= file.count {
            let length = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= file.count else { break }
            chunks.append((Array(file[(offset + 4)..<(offset + 8)]), Array(file[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
    }

    mutating func mutate(using random: inout FuzzRandom) {
        guard !chunks.isEmpty else { return }
        let index = random.below(chunks.count)
        let idat = chunks.firstIndex { $0.type == Array("IDAT".utf8) } ?? index
        switch random.below(12) {
        case 0:  // the header's width, height, depth, colour type or interlace
            guard chunks[0].data.count == 13 else { return }
            let field = random.pick([3, 7, 8, 9, 10, 11, 12])
            chunks[0].data[field] =
                random.oneIn(2) ? UInt8.random(in: 0...255, using: &random) : random.pick([0, 1, 2, 3, 4, 6, 8, 16])
            // Sides over 1200, over 65536.
            if random.oneIn(4) { chunks[0].data[random.pick([2, 6])] = UInt8(random.below(6)) }
        case 1, 2:  // image data changed where the inflater reads it
            guard !chunks[idat].data.isEmpty else { return }
            let at = random.below(chunks[idat].data.count)
            chunks[idat].data[at] ^= UInt8(1) << UInt8(random.below(8))
        case 3:  // image data cut
            chunks[idat].data.removeLast(random.below(chunks[idat].data.count + 1))
        case 4:  // image data split across chunks, or an empty chunk of it
            let cut = random.below(chunks[idat].data.count + 1)
            let tail = Array(chunks[idat].data[cut...])
            chunks[idat].data.removeLast(tail.count)
            chunks.insert((Array("IDAT".utf8), tail), at: idat + 1)
        case 5:  // image data replaced by stored blocks, or a fixed-code block of random bits
            chunks[idat].data = Self.zlib(using: &random)
        case 6: chunks.insert(chunks[index], at: index)
        case 7 where chunks.count > 1: chunks.remove(at: index)
        case 8: chunks.swapAt(index, random.below(chunks.count))
        case 9:  // an ancillary chunk, kept or not, small or large
            let type = random.pick(["tEXt", "zTXt", "iCCP", "tRNS", "gAMA", "pHYs", "bKGD", "eXIf", "aBcD", "PLTE"])
            let data = (0..<random.pick([0, 1, 4, 256, 3000, 70000])).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            chunks.insert((Array(type.utf8), data), at: 1 + random.below(chunks.count))
        case 10:
            lyingLength = (
                index, random.pick([0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, UInt32(chunks[index].data.count + 1)])
            )
        default:  // the image data repeated
            chunks[idat].data += chunks[idat].data
        }
    }

    /// A zlib stream of stored blocks (of any lengths, sometimes wrong) or of fixed-code bits.
    static func zlib(using random: inout FuzzRandom) -> [UInt8] {
        var bytes: [UInt8] = [0x78, 0x01]
        if random.oneIn(2) {
            for block in 0..<(1 + random.below(3)) {
                let length = random.below(300)
                let last: UInt8 = block == 2 || random.oneIn(2) ? 1 : 0
                let stored = UInt16(length)
                let complement = random.oneIn(10) ? stored : ~stored
                bytes += [
                    last, UInt8(stored & 0xFF), UInt8(stored >> 8), UInt8(complement & 0xFF), UInt8(complement >> 8),
                ]
                bytes += (0..<length).map { _ in UInt8(random.below(5)) }
                if last == 1 { break }
            }
        } else {
            bytes +=
                [random.oneIn(2) ? 0x03 : 0x05]
                + (0..<random.below(400)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        return bytes + [0, 0, 0, 0]
    }

    func bytes(fixingChecks: Bool) -> [UInt8] {
        var file = signature
        for (index, chunk) in chunks.enumerated() {
            let length = lyingLength?.index == index ? lyingLength?.length ?? 0 : UInt32(chunk.data.count)
            file += withUnsafeBytes(of: length.bigEndian, Array.init) + chunk.type + chunk.data
            let check = fixingChecks ? PNGChunks.crc((chunk.type + chunk.data)[...]) : 0xDEAD_BEEF
            file += withUnsafeBytes(of: check.bigEndian, Array.init)
        }
        return file
    }
}
