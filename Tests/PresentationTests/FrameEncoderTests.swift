import Foundation
import Presentation
import Testing

/// What the terminal writer sends: only the lines that changed, never wider than the terminal.
@Suite("Frame encoder")
struct FrameEncoderTests {
    private let encoder = FrameEncoder(usesColor: true, usesHyperlinks: true)

    private func frame(_ lines: [String], columns: Int = 20) -> Frame {
        var frame = Frame(columns: columns, rows: lines.count)
        for (row, text) in lines.enumerated() { frame[row] = FrameLine(text, columns: columns) }
        return frame
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("The first frame clears once and writes every non-empty line")
    func firstFrame() {
        let output = text(encoder.encode(from: nil, to: frame(["one", "", "three"])))
        #expect(output == "\u{1B}[?25l\u{1B}[H\u{1B}[2J\u{1B}[1;1Hone\u{1B}[K\u{1B}[3;1Hthree\u{1B}[K")
    }

    @Test("Only the lines that changed are written; an unchanged frame writes nothing")
    func diff() {
        let before = frame(["one", "two", "three"])
        let after = frame(["one", "2", "three"])
        #expect(text(encoder.encode(from: before, to: after)) == "\u{1B}[2;1H2\u{1B}[K")
        #expect(encoder.encode(from: after, to: after).isEmpty)
    }

    @Test("A new size repaints everything")
    func resize() {
        let output = text(encoder.encode(from: frame(["one"], columns: 20), to: frame(["one"], columns: 10)))
        #expect(output.contains("\u{1B}[2J") && output.contains("one"))
    }

    @Test("Attributes and links: SGR per run, reset at the end; colour off keeps bold and reverse only")
    func attributes() {
        var line = FrameLine(columns: 30)
        line.append("a", .bold)
        line.append("b", [.red, .reverse])
        line.append("https://x.test/", [], link: "https://x.test/")
        var out: [UInt8] = []
        encoder.encode(line, into: &out)
        #expect(
            text(out)
                == "\u{1B}[0;1ma\u{1B}[0;7;31mb\u{1B}[0m\u{1B}]8;;https://x.test/\u{1B}\\https://x.test/\u{1B}]8;;\u{1B}\\"
        )
        out = []
        FrameEncoder(usesColor: false, usesHyperlinks: false).encode(line, into: &out)
        #expect(text(out) == "\u{1B}[0;1ma\u{1B}[0;7mb\u{1B}[0mhttps://x.test/")
    }

    @Test("A line never holds more than the terminal's width, whatever is appended")
    func neverWider() {
        var line = FrameLine(columns: 10)
        line.append("大塚愛大塚愛大塚愛")
        line.append("more")
        #expect(line.width <= 10 && DisplayWidth.of(line.text) == line.width)
        #expect(line.text == "大塚愛大…")
        var padded = FrameLine(columns: 5)
        padded.append("x", width: 50)
        #expect(padded.width == 5)
    }

    @Test("The cursor is shown where the frame puts it, hidden otherwise")
    func cursor() {
        var shown = frame(["abc"])
        shown.cursor = Frame.Position(row: 0, column: 3)
        let output = text(encoder.encode(from: frame(["abc"]), to: shown))
        #expect(output == "\u{1B}[1;4H\u{1B}[?25h")
        #expect(text(encoder.encode(from: shown, to: frame(["abc"]))) == "\u{1B}[?25l")
    }
}
