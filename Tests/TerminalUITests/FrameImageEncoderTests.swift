import Foundation
import Testing

@testable import TerminalUI

/// Pictures in frames: sent when they change and only then, in the protocol's exact bytes, never
/// written over by the text around them, and taken off when they go.
@Suite("Frame encoder pictures")
struct FrameImageEncoderTests {
    private let kitty = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty)
    private let iTerm = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .iTerm2)
    private let plain = FrameEncoder(usesColor: false, usesHyperlinks: false)

    /// A PNG signature and a few bytes: the encoder checks no more than the signature.
    private static let png = FrameImage.pngSignature + [1, 2, 3, 4]
    private static let base64 = Data(png).base64EncodedString()

    private func picture(id: UInt32 = 7, png: [UInt8] = png, row: Int = 1, column: Int = 10) -> FrameImage? {
        FrameImage(id: id, png: png, row: row, column: column, columns: 6, rows: 3)
    }

    /// Lines of text `columns` wide, the image's cells left blank, and the image.
    private func frame(_ lines: [String], columns: Int = 20, image: FrameImage? = nil) -> Frame {
        var frame = Frame(columns: columns, rows: lines.count)
        for (row, text) in lines.enumerated() { frame[row] = FrameLine(text, columns: columns) }
        if let image { frame.add(image) }
        return frame
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private let lines = ["title", "left", "left", "left", "end"]

    @Test("Only PNG bytes make a picture, and only with cells to cover")
    func pngOnly() {
        #expect(FrameImage(id: 1, png: Array("GIF89a....".utf8), row: 0, column: 0, columns: 2, rows: 2) == nil)
        #expect(FrameImage(id: 1, png: FrameImage.pngSignature, row: 0, column: 0, columns: 2, rows: 2) == nil)
        #expect(FrameImage(id: 0, png: Self.png, row: 0, column: 0, columns: 2, rows: 2) == nil)
        #expect(FrameImage(id: 1, png: Self.png, row: 0, column: 0, columns: 0, rows: 2) == nil)
        #expect(FrameImage(id: 1, png: Self.png, row: 0, column: 0, columns: 2, rows: 2) != nil)
    }

    @Test("A picture that does not fit wholly in the frame, or overlaps another, is left out")
    func fitsOrNot() throws {
        var frame = Frame(columns: 20, rows: 3)
        for (id, row, column) in [(1, 1, 15), (2, 2, 0), (3, 0, 0), (4, 1, 5)] {
            frame.add(
                try #require(
                    FrameImage(id: UInt32(id), png: Self.png, row: row, column: column, columns: 6, rows: 2)))
        }
        #expect(frame.images.map(\.id) == [3])
        var outer = Frame(columns: 20, rows: 5)
        outer.place(frame, at: 2)
        #expect(outer.images.map(\.row) == [2])
        outer.removeImages()
        #expect(outer.images.isEmpty)
    }

    @Test("kitty: the first frame clears every picture, writes the text, then sends the PNG once at its place")
    func kittyFirstFrame() throws {
        let image = try #require(picture())
        let next = frame(lines, image: image)
        let output = text(kitty.encode(from: nil, to: next))
        let expected =
            "\u{1B}[?25l\u{1B}[H\u{1B}[2J\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
            + "\u{1B}[1;1Htitle\u{1B}[K"
            + "\u{1B}[2;1Hleft\u{1B}[6X\u{1B}[3;1Hleft\u{1B}[6X\u{1B}[4;1Hleft\u{1B}[6X"
            + "\u{1B}[5;1Hend\u{1B}[K"
            + "\u{1B}[2;11H\u{1B}[6X\u{1B}[3;11H\u{1B}[6X\u{1B}[4;11H\u{1B}[6X"
            + "\u{1B}[2;11H\u{1B}7\u{1B}_Ga=T,f=100,t=d,i=7,p=1,c=6,r=3,C=1,q=2,m=0;\(Self.base64)\u{1B}\\\u{1B}8"
        #expect(output == expected)
    }

    @Test("kitty: a picture larger than one chunk goes in 4096-byte base64 chunks, m=1 until the last")
    func kittyChunks() throws {
        let png = FrameImage.pngSignature + (0..<7000).map { UInt8($0 % 251) }
        let payload = Data(png).base64EncodedString()
        #expect(payload.utf8.count > 8192)
        let chunks = stride(from: 0, to: payload.utf8.count, by: 4096).map {
            String(payload.dropFirst($0).prefix(4096))
        }
        let image = try #require(FrameImage(id: 3, png: png, row: 0, column: 0, columns: 4, rows: 2))
        var out: [UInt8] = []
        KittyGraphics.transmitAndPlace(image, into: &out)
        let expected =
            "\u{1B}_Ga=T,f=100,t=d,i=3,p=1,c=4,r=2,C=1,q=2,m=1;\(chunks[0])\u{1B}\\"
            + "\u{1B}_Gm=1;\(chunks[1])\u{1B}\\"
            + "\u{1B}_Gm=0;\(chunks[2])\u{1B}\\"
        #expect(chunks.count == 3)
        #expect(text(out) == expected)
    }

    @Test("An unchanged frame with a picture writes nothing; a text change beside it sends no picture")
    func noResend() throws {
        let image = try #require(picture())
        let shown = frame(lines, image: image)
        #expect(kitty.encode(from: shown, to: shown).isEmpty)
        #expect(iTerm.encode(from: shown, to: shown).isEmpty)
        let next = frame(["title", "LEFT", "left", "left", "end"], image: image)
        #expect(text(kitty.encode(from: shown, to: next)) == "\u{1B}[2;1HLEFT\u{1B}[6X")
        #expect(text(iTerm.encode(from: shown, to: next)) == "\u{1B}[2;1HLEFT\u{1B}[6X")
    }

    @Test("Text is written around a picture, never over it: no erase to the end of a line it crosses")
    func aroundNotOver() throws {
        let image = try #require(picture())
        let shown = frame(["title", "a", "b", "c", "end"], image: image)
        let next = frame(["title", "a long line of text", "b", "c", "end"], image: image)
        let output = text(iTerm.encode(from: shown, to: next))
        // Left of the picture up to its column, then right of it from its last column on.
        #expect(output == "\u{1B}[2;1Ha long lin\u{1B}[2;17Hext\u{1B}[K")
    }

    @Test(
        "kitty: a new picture deletes the old one's placement (its bytes kept), its cells written again, then sends the new"
    )
    func kittyChange() throws {
        let old = try #require(picture(id: 7))
        let new = try #require(picture(id: 8, png: Self.png + [9]))
        let output = text(kitty.encode(from: frame(lines, image: old), to: frame(lines, image: new)))
        #expect(output.hasPrefix("\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\"))
        #expect(output.contains("\u{1B}_Ga=T,f=100,t=d,i=8,"))
        #expect(output.contains(Data(Self.png + [9]).base64EncodedString()))
    }

    @Test("kitty: a picture gone has its placement deleted and its rows written again from its column; none sent")
    func kittyGone() throws {
        let image = try #require(picture())
        let output = text(kitty.encode(from: frame(lines, image: image), to: frame(lines)))
        #expect(
            output
                == "\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\\u{1B}[2;5H\u{1B}[K\u{1B}[3;5H\u{1B}[K\u{1B}[4;5H\u{1B}[K")
        #expect(!output.contains("a=T"))
    }

    @Test("kitty: the same picture moved is placed again by id, without its bytes")
    func kittyMoved() throws {
        let before = try #require(picture(row: 1))
        let after = try #require(picture(row: 2))
        let output = text(kitty.encode(from: frame(lines, image: before), to: frame(lines, image: after)))
        #expect(!output.contains("a=d"))
        #expect(!output.contains(Self.base64))
        #expect(output.hasSuffix("\u{1B}[3;11H\u{1B}7\u{1B}_Ga=p,i=7,p=1,c=6,r=3,C=1,q=2\u{1B}\\\u{1B}8"))
    }

    /// A PNG signature and header of `width`×`height` pixels (the encoder reads no further).
    private static func header(width: UInt32, height: UInt32) -> [UInt8] {
        FrameImage.pngSignature + [0, 0, 0, 13] + Array("IHDR".utf8)
            + withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    @Test("kitty: a picture keeps its aspect ratio in its rectangle, on the cells the terminal reports or 1:2 ones")
    func kittyAspectRatio() throws {
        var frame = Frame(columns: 40, rows: 12)
        let wide = try #require(
            FrameImage(id: 2, png: Self.header(width: 200, height: 100), row: 0, column: 0, columns: 20, rows: 10))
        frame.add(wide)
        // No size reported: cells 1:2, so 200×100 pixels take 20 columns and 5 rows, not all 10.
        #expect(text(kitty.encode(from: nil, to: frame)).contains("a=T,f=100,t=d,i=2,p=1,c=20,r=5,"))
        // Konsole's cells, 10×25 pixels: a square picture takes 20 columns and 8 rows.
        var konsole = FrameEncoder(usesColor: false, usesHyperlinks: false, graphics: .kitty)
        konsole.cellPixelSize = { CellPixelSize(width: 10, height: 25) }
        var square = Frame(columns: 40, rows: 12)
        square.add(
            try #require(
                FrameImage(id: 3, png: Self.header(width: 300, height: 300), row: 0, column: 0, columns: 20, rows: 10)))
        let first = konsole.encode(from: nil, to: square)
        #expect(text(first).contains("a=T,f=100,t=d,i=3,p=1,c=20,r=8,"))
        // A tall picture on a wide slot: bound by the rows, placed again by id at the same size.
        var tall = Frame(columns: 40, rows: 12)
        tall.add(
            try #require(
                FrameImage(id: 3, png: Self.header(width: 300, height: 300), row: 1, column: 0, columns: 20, rows: 4)))
        #expect(text(konsole.encode(from: square, to: tall)).contains("a=p,i=3,p=1,c=10,r=4,"))
        #expect(CellPixelSize(width: 0, height: 20) == nil)
    }

    @Test("iTerm2: the picture is the whole file inline, sized in cells, and sent again when it moves")
    func iTermBytes() throws {
        let image = try #require(picture())
        let first = text(iTerm.encode(from: nil, to: frame(lines, image: image)))
        let inline =
            "\u{1B}[2;11H\u{1B}7\u{1B}]1337;File=inline=1;size=\(Self.png.count);width=6;height=3;"
            + "preserveAspectRatio=1:\(Self.base64)\u{7}\u{1B}8"
        #expect(first.hasSuffix(inline))
        #expect(!first.contains("\u{1B}_G"))
        let moved = try #require(picture(column: 12))
        let output = text(iTerm.encode(from: frame(lines, image: image), to: frame(lines, image: moved)))
        #expect(output.contains(Self.base64))
        #expect(!output.contains("\u{1B}_G"))
    }

    @Test("Without a protocol, pictures are never sent and lines are written as without them")
    func noProtocol() throws {
        let image = try #require(picture())
        let withImage = plain.encode(from: nil, to: frame(lines, image: image))
        #expect(withImage == plain.encode(from: nil, to: frame(lines)))
        #expect(plain.imagesRemoval.isEmpty)
        #expect(text(kitty.imagesRemoval) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }

    @Test("A repaint (a new size) takes the placements off and places the picture again by id: kitty kept its bytes")
    func repaint() throws {
        let image = try #require(picture())
        let shown = frame(lines, image: image)
        let wider = frame(lines, columns: 24, image: image)
        let output = text(kitty.encode(from: shown, to: wider))
        #expect(!output.contains("a=T"))
        #expect(output.contains("\u{1B}_Ga=d,d=a,q=2"))
        #expect(output.contains("\u{1B}_Ga=p,i=7,"))
    }

    @Test("A list scrolling beside a picture: kitty scrolls and places it again by id; iTerm2 does not scroll")
    func scrollBeside() throws {
        let rows = (0..<12).map { "row \($0)" }
        let image = try #require(FrameImage(id: 5, png: Self.png, row: 2, column: 14, columns: 6, rows: 3))
        let before = frame(rows, image: image)
        let after = frame(Array(rows.dropFirst()) + ["row 12"], image: image)
        let kittyOutput = text(kitty.encode(from: before, to: after))
        #expect(kittyOutput.contains("\u{1B}[1;12r"))
        #expect(kittyOutput.hasSuffix("\u{1B}[3;15H\u{1B}7\u{1B}_Ga=p,i=5,p=1,c=6,r=3,C=1,q=2\u{1B}\\\u{1B}8"))
        #expect(!kittyOutput.contains(Self.base64))
        let iTermOutput = text(iTerm.encode(from: before, to: after))
        #expect(!iTermOutput.contains("r\u{1B}["))
        #expect(!iTermOutput.contains("\u{1B}]1337"))
    }

    @Test("A slice of a line keeps the cells of its columns; a wide character cut by an edge becomes spaces")
    func slice() {
        var line = FrameLine(columns: 12)
        line.append("ab", .bold)
        line.append("日本語x")
        #expect(line.slice(0..<4).text == "ab日")
        #expect(line.slice(3..<7).text == " 本 ")
        #expect(line.slice(3..<7).width == 4)
        #expect(line.slice(8..<12).text == "x")
        #expect(line.slice(1..<2).runs.first?.attributes == .bold)
    }
}
