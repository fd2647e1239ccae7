import Foundation
import Testing

@testable import TerminalUI

/// kitty keeps a picture's bytes until they are freed: a picture shown again — a row visited
/// again, a repaint after SIGCONT or a new size — is placed by id, not sent again whole; the
/// terminal is asked to keep only so many; a frame that may not have arrived whole sends its
/// pictures again, and so does a session whose terminal freed them on leaving.
@Suite("kitty image memory")
struct KittyImageMemoryTests {
    private static let columns = 40

    /// A distinct picture of about `size` bytes for each id.
    private static func picture(id: UInt32, size: Int = 100_000, row: Int = 1) -> FrameImage? {
        let png = FrameImage.pngSignature + [UInt8](repeating: UInt8(truncatingIfNeeded: id), count: size)
        return FrameImage(id: id, png: png, row: row, column: 20, columns: 10, rows: 5)
    }

    private static func frame(selected: Int, image: FrameImage?, columns: Int = columns) -> Frame {
        var frame = Frame(columns: columns, rows: 8)
        for row in 0..<8 { frame[row] = FrameLine(row == selected % 8 ? "> row \(selected)" : "  row", columns: 20) }
        if let image { frame.add(image) }
        return frame
    }

    /// What sending the picture whole costs: what the encoder sent for every visit before.
    private static func transmission(_ image: FrameImage) -> Int {
        var out: [UInt8] = []
        KittyGraphics.transmitAndPlace(image, into: &out)
        return out.count
    }

    @Test("40 rows down and back with a picture each: each picture is sent once, placed by id when visited again")
    func revisit() throws {
        let encoder = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty)
        let images = try (1...20).map { try #require(Self.picture(id: UInt32($0))) }
        let visits = Array(0..<20) + Array((0..<20).reversed())
        var shown: Frame?
        var written = 0
        var resentWhole = 0
        for row in visits {
            let next = Self.frame(selected: row, image: images[row])
            let bytes = encoder.encode(from: shown, to: next)
            written += bytes.count
            resentWhole += Self.transmission(images[row])
            shown = next
        }
        let once = images.reduce(0) { $0 + Self.transmission($1) }
        // Before: every visit sent its picture whole (resentWhole, 40 transmissions); now 20,
        // plus a placement and the changed text per visit.
        #expect(written < once + visits.count * 400)
        #expect(written * 10 < resentWhole * 6)
        let output = String(
            decoding: encoder.encode(from: shown, to: Self.frame(selected: 5, image: images[5])), as: UTF8.self)
        #expect(output.contains("\u{1B}_Ga=p,i=6,"))
        #expect(output.contains("\u{1B}_Ga=d,d=i,i=1,q=2"))
        #expect(!output.contains("a=T"))
        print("revisit: 40 visits of 20 pictures wrote \(written) bytes; sent whole each visit: \(resentWhole)")
    }

    @Test("100 repaints (SIGCONT, a new size) after the picture arrived send no picture bytes")
    func repaints() throws {
        let encoder = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty)
        let image = try #require(Self.picture(id: 9))
        let first = Self.frame(selected: 0, image: image)
        var written = encoder.encode(from: nil, to: first).count
        let again = Self.frame(selected: 1, image: image)
        written += encoder.encode(from: first, to: again).count  // the first frame arrived whole
        var repaint: [UInt8] = []
        for _ in 0..<100 {
            repaint = encoder.encode(from: nil, to: again)
            written += repaint.count
        }
        let output = String(decoding: repaint, as: UTF8.self)
        #expect(output.contains("\u{1B}_Ga=d,d=a,q=2\u{1B}\\"))
        #expect(output.contains("\u{1B}_Ga=p,i=9,"))
        #expect(!output.contains("a=T"))
        #expect(written < Self.transmission(image) + 100 * 600)
        let wider = encoder.encode(from: again, to: Self.frame(selected: 1, image: image, columns: 50))
        #expect(!String(decoding: wider, as: UTF8.self).contains("a=T"))
        print("repaints: 100 repaints wrote \(written) bytes; sent whole each time: \(101 * Self.transmission(image))")
    }

    @Test("A frame cut short (drawn again from nothing before another frame arrived) sends its picture again")
    func cutFrame() throws {
        let encoder = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty)
        let image = try #require(Self.picture(id: 4, size: 100))
        let frame = Self.frame(selected: 0, image: image)
        #expect(String(decoding: encoder.encode(from: nil, to: frame), as: UTF8.self).contains("a=T"))
        // Stalled: the session draws again from nothing; the picture may not have arrived.
        let retry = String(decoding: encoder.encode(from: nil, to: frame), as: UTF8.self)
        #expect(retry.contains("a=T"))
        #expect(retry.contains("\u{1B}_Ga=d,d=A,q=2"))
        _ = encoder.encode(from: frame, to: frame)
        #expect(String(decoding: encoder.encode(from: nil, to: frame), as: UTF8.self).contains("a=p,i=4,"))
        // Left the terminal (Ctrl-Z), which freed every picture: sent again.
        encoder.forgetSentImages()
        #expect(String(decoding: encoder.encode(from: nil, to: frame), as: UTF8.self).contains("a=T"))
    }

    @Test("Past 32 pictures the least recently shown are freed with their bytes, never the one shown")
    func bounded() throws {
        let encoder = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty)
        var shown: Frame?
        var output = ""
        for id in 1...40 {
            let image = try #require(Self.picture(id: UInt32(id), size: 64))
            let next = Self.frame(selected: id, image: image)
            output += String(decoding: encoder.encode(from: shown, to: next), as: UTF8.self)
            shown = next
        }
        _ = encoder.encode(from: shown, to: try #require(shown))
        #expect(encoder.kittyImages.heldIDs == Array(9...40).map(UInt32.init))
        for id in 1...8 { #expect(output.contains("\u{1B}_Ga=d,d=I,i=\(id),q=2")) }
        #expect(!output.contains("d=I,i=9,"))
        // Large pictures: bounded by bytes too.
        let big = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty)
        shown = nil
        for id in 1...6 {
            let image = try #require(Self.picture(id: UInt32(id), size: 8 << 20))
            let next = Self.frame(selected: id, image: image)
            _ = big.encode(from: shown, to: next)
            shown = next
        }
        _ = big.encode(from: shown, to: try #require(shown))
        #expect(big.kittyImages.heldIDs == [4, 5, 6])
    }
}
